import Hummingbird
import PulpeDomain

/// `GET /budget-templates` (`docs/contract.md` §7).
struct TemplateRoutes {
    let services: SandboxServices

    func register(on router: Router<SandboxContext>) {
        let auth = Authenticator(services: services)
        router.get("/api/v1/budget-templates") { request, _ in
            let caller = try await auth.authenticate(request)
            let templates = try await services.read { db in try TemplateStore.templates(userId: caller.user.id, in: db) }
            return JSONResponse.success(templates)
        }
    }
}
