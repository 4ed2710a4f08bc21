import Foundation
import PulpeCrypto
import PulpeDomain
import PulpeSandbox
import Testing

@Suite("Encryption salt, validate-key and its rate limit (pulpe-api.md §5)", .timeLimit(.minutes(1)))
struct EncryptionTests {
    @Test("A PIN account: the client derives its key from the served salt and validate-key answers 204")
    func pinRoundTrip() async throws {
        try await TestSandbox.with { sandbox in
            _ = try await sandbox.server.seeding.createUser(email: "pin@example.ch", password: "pw", pin: "4821",
                                                            iterations: 500_000)
            let session = try await sandbox.login(email: "pin@example.ch", password: "pw")
            let bearer = ["Authorization": "Bearer \(session.accessToken)"]
            let saltResult = try await sandbox.client.get("/api/v1/encryption/salt", headers: bearer)
            #expect(saltResult.status == 200)
            #expect(saltResult.object["success"] == nil) // not enveloped
            let salt = try saltResult.decode(EncryptionSalt.self)
            #expect(salt.salt.count == 32 && Hex.decode(salt.salt)?.count == 16)
            #expect(salt.kdfIterations == 500_000 && salt.hasAcceptableIterations)

            let key = try ClientKey.derive(pin: "4821", saltHex: salt.salt, iterations: salt.kdfIterations)
            let valid = try await sandbox.client.post("/api/v1/encryption/validate-key", object: ["clientKey": key],
                                                      headers: bearer)
            #expect(valid.status == 204)
            #expect(valid.body.isEmpty)

            let wrongPIN = try ClientKey.derive(pin: "4822", saltHex: salt.salt, iterations: salt.kdfIterations)
            let wrong = try await sandbox.client.post("/api/v1/encryption/validate-key", object: ["clientKey": wrongPIN],
                                                      headers: bearer)
            expectEnvelope(wrong, status: 400, code: "ERR_ENCRYPTION_KEY_CHECK_FAILED", method: "POST",
                           path: "/api/v1/encryption/validate-key")
            // With the right key, data routes answer.
            let settings = try await sandbox.client.get("/api/v1/users/settings",
                                                        headers: bearer.merging(["X-Client-Key": key]) { $1 })
            #expect(settings.status == 200)
        }
    }

    @Test("validate-key: malformed key → ERR_AUTH_CLIENT_KEY_INVALID, unknown member → schema error, no bearer → 401")
    func validateKeyErrors() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let path = "/api/v1/encryption/validate-key"
            let malformed = try await sandbox.client.post(path, object: ["clientKey": "1234"], headers: user.bearerOnly)
            expectEnvelope(malformed, status: 400, code: "ERR_AUTH_CLIENT_KEY_INVALID", method: "POST", path: path)
            let zeros = try await sandbox.client.post(path, object: ["clientKey": String(repeating: "0", count: 64)],
                                                      headers: user.bearerOnly)
            expectEnvelope(zeros, status: 400, code: "ERR_AUTH_CLIENT_KEY_INVALID", method: "POST", path: path)
            let extra = try await sandbox.client.post(path, object: ["clientKey": user.clientKey, "pin": "1234"],
                                                      headers: user.bearerOnly)
            expectEnvelope(extra, status: 400, code: "ERR_ZOD_VALIDATION_FAILED", method: "POST", path: path)
            let anonymous = try await sandbox.client.post(path, object: ["clientKey": user.clientKey])
            expectEnvelope(anonymous, status: 401, code: "ERR_AUTH_TOKEN_MISSING", method: "POST", path: path)
        }
    }

    @Test("validate-key is limited to 5 calls a minute per user (429, Retry-After), then allowed again")
    func rateLimit() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let other = try await sandbox.signedInUser()
            let path = "/api/v1/encryption/validate-key"
            for _ in 0..<5 {
                let result = try await sandbox.client.post(path, object: ["clientKey": user.clientKey], headers: user.bearerOnly)
                #expect(result.status == 204)
            }
            let limited = try await sandbox.client.post(path, object: ["clientKey": user.clientKey], headers: user.bearerOnly)
            let body = expectEnvelope(limited, status: 429, code: "HTTP_429", method: "POST", path: path)
            #expect(body?.errorCode?.isRateLimited == true)
            let retryAfter = try #require(limited.header("Retry-After").flatMap(Int.init))
            #expect((1...60).contains(retryAfter))

            // Per user: someone else is not throttled.
            #expect(try await sandbox.client.post(path, object: ["clientKey": other.clientKey], headers: other.bearerOnly).status == 204)

            sandbox.clock.advance(seconds: 61)
            #expect(try await sandbox.client.post(path, object: ["clientKey": user.clientKey], headers: user.bearerOnly).status == 204)
        }
    }
}
