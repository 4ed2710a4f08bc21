import Hummingbird
import PulpeDomain

/// `GET /budget-lines/budget/:budgetId` (`docs/contract.md` §8).
struct BudgetLineRoutes {
    let services: SandboxServices

    func register(on router: Router<SandboxContext>) {
        let auth = Authenticator(services: services)
        router.get("/api/v1/budget-lines/budget/:budgetId") { request, context in
            let caller = try await auth.authenticate(request)
            let budgetId = try context.uuidParameter("budgetId")
            let lines = try await services.read { db -> [BudgetLine]? in
                guard try BudgetStore.budget(id: budgetId, userId: caller.user.id, in: db) != nil else { return nil }
                return try BudgetLineStore.lines(budgetId: budgetId, in: db)
            }
            guard let lines else { throw APIError.budgetNotFound(budgetId) }
            return JSONResponse.success(lines.map(caller.visibility.line))
        }
    }
}
