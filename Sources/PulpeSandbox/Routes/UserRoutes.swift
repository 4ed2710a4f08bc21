import Hummingbird
import PulpeDomain

/// `GET /users/settings` (`docs/contract.md` §6).
struct UserRoutes {
    let services: SandboxServices

    func register(on router: Router<SandboxContext>) {
        let auth = Authenticator(services: services)
        router.get("/api/v1/users/settings") { request, _ in
            let caller = try await auth.authenticate(request)
            return JSONResponse.success(caller.user.settings)
        }
    }
}
