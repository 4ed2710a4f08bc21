import Foundation
import Hummingbird
import PulpeCrypto
import PulpeDomain

/// `POST /__sandbox/users {"email":"b@pulpe.local","password":"…","pin":"5678"}`: a second real
/// account (PIN, salt and PBKDF2 as a real one; the demo household as its data), so the tests can
/// sign two accounts in one home (decision 99: each keeps its own sealed files and queued writes).
/// Loopback only like every admin route; 409 when the email is taken.
struct AdminUserRoutes {
    let services: SandboxServices

    struct Created: Encodable {
        var id: String
        var email: String
    }

    func register(on router: Router<SandboxContext>) {
        let limit = services.maxBodyBytes
        router.post("/__sandbox/users") { request, context in
            try AdminRoutes.requireLoopback(context)
            var reader = BodyReader(try await RequestBodyReader.object(of: request, limit: limit),
                                    allowedKeys: ["email", "password", "pin"])
            let email = reader.string("email", required: true)
            let password = reader.string("password", required: true)
            let pin = reader.string("pin", required: true)
            guard reader.issues.isEmpty, let email = email.value, let password = password.value, let pin = pin.value else {
                throw APIError.validation(reader.issues)
            }
            guard ClientKey.isValidPIN(pin) else { throw APIError.framework(status: 400, reason: "Bad Request", "pin must be four digits") }
            guard try await services.read({ try UserStore.find(email: email, in: $0) }) == nil else {
                throw APIError.framework(status: 409, reason: "Conflict", "A user with email '\(email)' exists")
            }
            let seeder = SandboxSeeder(services: services)
            let user = try await seeder.createUser(email: email, password: password, pin: pin,
                                                   iterations: DemoAccounts.kdfIterations, payDayOfMonth: DemoSeed.payDay)
            try await seeder.seedDemoData(userId: user.id)
            services.logger.notice("user created", metadata: ["email": .string(email)])
            return JSONResponse.encoded(Created(id: user.id, email: email))
        }
    }
}
