import Foundation
import Hummingbird
import PulpeCrypto
import PulpeDomain

/// `GET /encryption/salt`, `POST /encryption/validate-key` and `POST /encryption/change-pin`
/// (bearer only, no client key; `docs/contract.md` §5). None is enveloped.
///
/// `change-pin` is what the official apps call when a user changes their PIN: the server re-keys,
/// so every client key derived from the old PIN becomes « well-formed but wrong » (reads answer
/// zeros, writes `ERR_ENCRYPTION_KEY_CHECK_FAILED`). The end-to-end tests use it to make a kept
/// key stale behind the client's back.
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
        router.post("/api/v1/encryption/change-pin") { request, _ in
            let caller = try await auth.authenticate(request, requiresClientKey: false)
            let (old, new) = try SmallBodies.changePin(try await RequestBodyReader.object(of: request,
                                                                                        limit: services.maxBodyBytes))
            guard let oldFingerprint = ClientKey.fingerprint(ofKeyHex: old),
                  let newFingerprint = ClientKey.fingerprint(ofKeyHex: new) else { throw APIError.clientKeyInvalid }
            guard oldFingerprint == caller.user.keyFingerprint else { throw APIError.keyCheckFailed }
            try await services.write { db in
                try UserStore.setKeyFingerprint(newFingerprint, userId: caller.user.id, in: db)
            }
            // The real backend answers the new key check and a new recovery key; the sandbox has
            // no recovery keys, so it answers placeholders of the same shape.
            return JSONResponse.encoded(ChangePinAnswer(keyCheck: String(newFingerprint.prefix(16)),
                                                        recoveryKey: "sandbox-has-no-recovery-key"))
        }
    }
}

/// `{"keyCheck","recoveryKey"}`, the backend's `encryptionChangePinResponseSchema`.
private struct ChangePinAnswer: Encodable, Sendable {
    let keyCheck: String
    let recoveryKey: String
}
