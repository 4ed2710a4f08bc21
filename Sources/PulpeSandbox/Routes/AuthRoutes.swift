import Foundation
import Hummingbird
import PulpeDomain

/// The GoTrue token endpoint the sandbox serves in place of Supabase auth (`docs/contract.md` §5):
/// `POST /auth/v1/token?grant_type=password|refresh_token`. Its errors use GoTrue's shape
/// (`{"error","error_description","code"}`), not the backend's envelope.
struct AuthRoutes {
    let services: SandboxServices

    func register(on router: Router<SandboxContext>) {
        router.post("/auth/v1/token") { request, context in
            try await token(request, context: context)
        }
    }

    private func token(_ request: Request, context: SandboxContext) async throws -> Response {
        if let refusal = apiKeyRefusal(request) { return refusal }
        let object: [String: JSONValue]
        do {
            object = try await RequestBodyReader.object(of: request, limit: services.maxBodyBytes)
        } catch let error as APIError where error.status == 413 {
            throw error
        } catch {
            return Self.failure(error: "invalid_request", description: "Could not parse request body as JSON", code: "bad_json")
        }
        switch request.uri.queryParameters["grant_type"].map(String.init) {
        case "password":
            return try await passwordGrant(object)
        case "refresh_token":
            return try await refreshGrant(object)
        default:
            return Self.failure(error: "unsupported_grant_type", description: "Unsupported grant type",
                                code: "validation_failed")
        }
    }

    private func passwordGrant(_ object: [String: JSONValue]) async throws -> Response {
        guard let email = object["email"]?.stringValue, !email.isEmpty,
              let password = object["password"]?.stringValue, !password.isEmpty else {
            return Self.failure(error: "invalid_request", description: "missing email or phone", code: "validation_failed")
        }
        let now = services.now
        let ttl = services.tokenTTLSeconds
        let session = try await services.write { db -> AuthSession? in
            guard let user = try UserStore.find(email: email.trimmingCharacters(in: .whitespaces), in: db),
                  !user.isDemo, PasswordHasher.verify(password, against: user.passwordHash) else { return nil }
            return try TokenStore.issue(for: user, now: now, ttlSeconds: ttl, in: db)
        }
        guard let session else { return JSONResponse.encoded(AuthErrorBody.invalidCredentials, status: 400) }
        return JSONResponse.encoded(session)
    }

    private func refreshGrant(_ object: [String: JSONValue]) async throws -> Response {
        guard let token = object["refresh_token"]?.stringValue, !token.isEmpty else {
            return Self.failure(error: "invalid_request", description: "refresh_token required", code: "validation_failed")
        }
        let now = services.now
        let ttl = services.tokenTTLSeconds
        do {
            let session = try await services.write { db in
                try TokenStore.rotate(token, now: now, ttlSeconds: ttl, in: db)
            }
            return JSONResponse.encoded(session)
        } catch TokenStore.RefreshFailure.alreadyUsed {
            return Self.failure(error: "invalid_grant", description: "Invalid Refresh Token: Already Used",
                                code: "refresh_token_already_used")
        } catch TokenStore.RefreshFailure.notFound {
            return Self.failure(error: "invalid_grant", description: "Invalid Refresh Token: Refresh Token Not Found",
                                code: "refresh_token_not_found")
        }
    }

    /// With `--anon-key`, the request must carry it in `apikey` (header or query), as the Supabase
    /// gateway requires; answers like the gateway does (401 `{"message","hint"}`).
    private func apiKeyRefusal(_ request: Request) -> Response? {
        guard let expected = services.anonKey else { return nil }
        let given = request.headers[.apiKey] ?? request.uri.queryParameters["apikey"].map(String.init)
        guard let given else {
            return JSONResponse.encoded(["message": "No API key found in request",
                                         "hint": "No `apikey` request header or url param was found."], status: 401)
        }
        guard given == expected else {
            return JSONResponse.encoded(["message": "Invalid API key",
                                         "hint": "Double check your Supabase `anon` or `service_role` API key."],
                                        status: 401)
        }
        return nil
    }

    static func failure(error: String, description: String, code: String) -> Response {
        JSONResponse.encoded(AuthErrorBody(error: error, errorDescription: description, errorCode: code), status: 400)
    }
}
