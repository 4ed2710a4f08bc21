import Foundation
import PulpeDomain
import PulpeSandbox
import Testing

@Suite("Auth token endpoint and bearer checks (pulpe-api.md §3, §5)", .timeLimit(.minutes(1)))
struct AuthTests {
    @Test("Password grant: GoTrue answer with bearer type, TTL, expiry and user")
    func passwordGrant() async throws {
        try await TestSandbox.with({ $0.tokenTTLSeconds = 120 }) { sandbox in
            let user = try await sandbox.signedInUser(email: "lea@example.ch")
            let session = user.session
            #expect(session.tokenType == "bearer")
            #expect(session.expiresIn == 120)
            #expect(session.expiresAt == Int64(sandbox.clock.now.timeIntervalSince1970) + 120)
            #expect(session.user.email == "lea@example.ch")
            #expect(session.user.id == user.id)
            #expect(!session.refreshToken.isEmpty && session.accessToken != session.refreshToken)
        }
    }

    @Test("Bad credentials: 400 with GoTrue's invalid_grant body")
    func badCredentials() async throws {
        try await TestSandbox.with { sandbox in
            _ = try await sandbox.signedInUser(email: "lea@example.ch")
            for body in [#"{"email":"lea@example.ch","password":"nope"}"#, #"{"email":"nobody@example.ch","password":"x"}"#] {
                let result = try await sandbox.client.post("/auth/v1/token?grant_type=password", json: body)
                #expect(result.status == 400)
                #expect(result.object == ["error": .string("invalid_grant"),
                                          "error_description": .string("Invalid login credentials"),
                                          "code": .string("invalid_credentials")])
                #expect(try result.decode(AuthErrorBody.self).isInvalidCredentials)
                #expect(result.object["success"] == nil) // not the backend's envelope
            }
            let unsupported = try await sandbox.client.post("/auth/v1/token?grant_type=magic", json: "{}")
            #expect(unsupported.status == 400)
            #expect(unsupported.object["error"] == .string("unsupported_grant_type"))
        }
    }

    @Test("Refresh tokens rotate and are single-use")
    func refreshRotation() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let first = try await sandbox.client.post("/auth/v1/token?grant_type=refresh_token",
                                                      object: ["refresh_token": user.session.refreshToken])
            #expect(first.status == 200)
            let rotated = try first.decode(AuthSession.self)
            #expect(rotated.refreshToken != user.session.refreshToken)
            #expect(rotated.accessToken != user.session.accessToken)
            #expect(rotated.user.id == user.id)

            let reuse = try await sandbox.client.post("/auth/v1/token?grant_type=refresh_token",
                                                      object: ["refresh_token": user.session.refreshToken])
            #expect(reuse.status == 400)
            #expect(reuse.object["error"] == .string("invalid_grant"))
            #expect(reuse.object["code"] == .string("refresh_token_already_used"))

            let unknown = try await sandbox.client.post("/auth/v1/token?grant_type=refresh_token",
                                                        object: ["refresh_token": "nope"])
            #expect(unknown.status == 400)
            #expect(unknown.object["code"] == .string("refresh_token_not_found"))

            // The new pair works: access token on the API, refresh token once more.
            let settings = try await sandbox.client.get("/api/v1/users/settings", headers: [
                "Authorization": "Bearer \(rotated.accessToken)", "X-Client-Key": user.clientKey,
            ])
            #expect(settings.status == 200)
            let again = try await sandbox.client.post("/auth/v1/token?grant_type=refresh_token",
                                                      object: ["refresh_token": rotated.refreshToken])
            #expect(again.status == 200)
        }
    }

    @Test("Bearer missing → ERR_AUTH_TOKEN_MISSING, unknown → ERR_AUTH_TOKEN_INVALID, expired → ERR_AUTH_UNAUTHORIZED")
    func bearerErrors() async throws {
        try await TestSandbox.with({ $0.tokenTTLSeconds = 60 }) { sandbox in
            let user = try await sandbox.signedInUser()
            let path = "/api/v1/budgets"
            let missing = try await sandbox.client.get(path, headers: ["X-Client-Key": user.clientKey])
            expectEnvelope(missing, status: 401, code: "ERR_AUTH_TOKEN_MISSING", method: "GET", path: path)
            let basic = try await sandbox.client.get(path, headers: ["Authorization": "Basic abc", "X-Client-Key": user.clientKey])
            expectEnvelope(basic, status: 401, code: "ERR_AUTH_TOKEN_MISSING", method: "GET", path: path)
            let invalid = try await sandbox.client.get(path, headers: ["Authorization": "Bearer nope", "X-Client-Key": user.clientKey])
            expectEnvelope(invalid, status: 401, code: "ERR_AUTH_TOKEN_INVALID", method: "GET", path: path)

            #expect(try await sandbox.client.get(path, headers: user.headers).status == 200)
            sandbox.clock.advance(seconds: 61)
            let expired = try await sandbox.client.get(path, headers: user.headers)
            let body = expectEnvelope(expired, status: 401, code: "ERR_AUTH_UNAUTHORIZED", method: "GET", path: path)
            #expect(body?.errorCode?.isAuthenticationFailure == true)

            // After expiry the refresh token still yields a working pair.
            let refreshed = try await sandbox.client.post("/auth/v1/token?grant_type=refresh_token",
                                                          object: ["refresh_token": user.session.refreshToken])
            let session = try refreshed.decode(AuthSession.self)
            let ok = try await sandbox.client.get(path, headers: ["Authorization": "Bearer \(session.accessToken)",
                                                                  "X-Client-Key": user.clientKey])
            #expect(ok.status == 200)
        }
    }

    @Test("Client key: missing → 403 ERR_AUTH_CLIENT_KEY_MISSING; malformed or all zeros → 400 ERR_AUTH_CLIENT_KEY_INVALID")
    func clientKeyHeader() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let path = "/api/v1/users/settings"
            let missing = try await sandbox.client.get(path, headers: user.bearerOnly)
            expectEnvelope(missing, status: 403, code: "ERR_AUTH_CLIENT_KEY_MISSING", method: "GET", path: path)
            for bad in [String(repeating: "0", count: 64), "abc", String(repeating: "g", count: 64), String(repeating: "a", count: 66)] {
                var headers = user.bearerOnly
                headers["X-Client-Key"] = bad
                let result = try await sandbox.client.get(path, headers: headers)
                expectEnvelope(result, status: 400, code: "ERR_AUTH_CLIENT_KEY_INVALID", method: "GET", path: path)
            }
            var upper = user.bearerOnly
            upper["X-Client-Key"] = user.clientKey.uppercased()
            #expect(try await sandbox.client.get(path, headers: upper).status == 200)
        }
    }

    @Test("With --anon-key the token endpoint needs the apikey header")
    func anonKey() async throws {
        try await TestSandbox.with({ $0.anonKey = "anon-public-key" }) { sandbox in
            _ = try await sandbox.server.seeding.createUser(email: "a@example.ch", password: "pw", clientKey: TestSandbox.wrongKey)
            let body = #"{"email":"a@example.ch","password":"pw"}"#
            let missing = try await sandbox.client.post("/auth/v1/token?grant_type=password", json: body)
            #expect(missing.status == 401)
            #expect(missing.object["message"] == .string("No API key found in request"))
            let wrong = try await sandbox.client.post("/auth/v1/token?grant_type=password", json: body,
                                                      headers: ["apikey": "other"])
            #expect(wrong.status == 401)
            let right = try await sandbox.client.post("/auth/v1/token?grant_type=password", json: body,
                                                      headers: ["apikey": "anon-public-key"])
            #expect(right.status == 200)
        }
    }

    @Test("GET /users/settings answers the account's pay day and currency")
    func settings() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser(payDay: 27)
            let result = try await sandbox.client.get("/api/v1/users/settings", headers: user.headers)
            let settings = try result.decode(SuccessEnvelope<UserSettings>.self).data
            #expect(settings == UserSettings(payDayOfMonth: 27, currency: .chf, showCurrencySelector: false))
            let none = try await sandbox.signedInUser()
            let calendar = try await sandbox.client.get("/api/v1/users/settings", headers: none.headers)
            #expect(calendar.data?["payDayOfMonth"] == .null)
        }
    }
}
