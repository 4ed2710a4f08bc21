import Foundation
import Hummingbird
import PulpeCrypto
import PulpeDomain

/// `POST /__sandbox/pin {"email":"demo@pulpe.local","pin":"5678"}`: changes a user's PIN as if
/// they had done it on another device (the official apps' `POST /encryption/change-pin`, without
/// the old key): the server expects the key derived from the new PIN with the user's salt from
/// now on, so every key a client kept becomes « well-formed but wrong » — reads answer zeros,
/// writes `ERR_ENCRYPTION_KEY_CHECK_FAILED`. How the tests (and a person with curl) make a kept
/// key stale (decision 43). Loopback only like every admin route; 404 for an unknown email.
struct AdminPinRoutes {
    let services: SandboxServices

    struct Changed: Encodable { var email: String }

    func register(on router: Router<SandboxContext>) {
        let limit = services.maxBodyBytes
        router.post("/__sandbox/pin") { request, context in
            try AdminRoutes.requireLoopback(context)
            var reader = BodyReader(try await RequestBodyReader.object(of: request, limit: limit), allowedKeys: ["email", "pin"])
            let email = reader.string("email", required: true)
            let pin = reader.string("pin", required: true)
            guard reader.issues.isEmpty, let email = email.value, let pin = pin.value else {
                throw APIError.validation(reader.issues)
            }
            guard ClientKey.isValidPIN(pin) else { throw APIError.framework(status: 400, reason: "Bad Request", "pin must be four digits") }
            guard try await SandboxSeeder(services: services).changePin(email: email, pin: pin) else {
                throw APIError.framework(status: 404, reason: "Not Found", "No user with email '\(email)'")
            }
            services.logger.notice("PIN changed", metadata: ["email": .string(email)])
            return JSONResponse.encoded(Changed(email: email))
        }
    }
}
