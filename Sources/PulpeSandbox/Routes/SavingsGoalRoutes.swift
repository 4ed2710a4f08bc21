import Foundation
import Hummingbird
import PulpeDomain

/// `GET /savings-goals` (§15.5): the goals a saving prévision may be linked to. Creating and
/// planning goals are the apps' (the terminal links prévisions to them).
struct SavingsGoalRoutes {
    let services: SandboxServices

    func register(on router: Router<SandboxContext>) {
        let auth = Authenticator(services: services)
        router.get("/api/v1/savings-goals") { request, _ in
            let caller = try await auth.authenticate(request)
            return JSONResponse.success(try await services.read { db in try SavingsGoalStore.goals(userId: caller.user.id, in: db) })
        }
    }
}
