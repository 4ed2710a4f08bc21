import Foundation
import Hummingbird
import PulpeCrypto
import PulpeDomain

/// `GET /encryption/salt` and `POST /encryption/validate-key` (bearer only, no client key;
/// `pulpe-api.md` §5). Neither is enveloped.
struct EncryptionRoutes {
    let services: SandboxServices

    func register(on router: Router<SandboxContext>) {
        let auth = Authenticator(services: services)
        router.get("/api/v1/encryption/salt") { request, _ in
            let caller = try await auth.authenticate(request, requiresClientKey: false)
            return JSONResponse.encoded(EncryptionSalt(salt: caller.user.keySalt, kdfIterations: caller.user.kdfIterations,
                                                       hasRecoveryKey: false))
        }
        router.post("/api/v1/encryption/validate-key") { request, _ in
            let caller = try await auth.authenticate(request, requiresClientKey: false)
            if let wait = services.validateKeyLimiter.attempt(key: caller.user.id, now: services.now) {
                throw APIError.throttled(retryAfterSeconds: wait)
            }
            let key = try SmallBodies.clientKey(try await RequestBodyReader.object(of: request, limit: services.maxBodyBytes))
            guard let fingerprint = ClientKey.fingerprint(ofKeyHex: key) else { throw APIError.clientKeyInvalid }
            guard fingerprint == caller.user.keyFingerprint else { throw APIError.keyCheckFailed }
            return JSONResponse.empty(status: 204)
        }
    }
}
