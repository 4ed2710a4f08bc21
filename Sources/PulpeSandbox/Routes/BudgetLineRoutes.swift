import Foundation
import GRDB
import Hummingbird
import PulpeDomain

/// Budget lines (« prévisions »): `GET /budget-lines/budget/:budgetId` (`docs/contract.md` §8), and
/// the writes of §14.3 — create (client id, 409 on a replay), get, patch, delete (200 when already
/// gone; its transactions stay, free), toggle-check (201), check-transactions (200, the ones it
/// checked), reset-from-template (201).
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
        router.post("/api/v1/budget-lines") { request, _ in
            let caller = try await auth.authenticate(request)
            let body = try BudgetLineBodies.create(try await RequestBodyReader.object(of: request, limit: services.maxBodyBytes))
            try caller.requireWritableKey()
            let now = services.now
            let line = try await services.write { db in try BudgetLineWrites.create(body, userId: caller.user.id, now: now, in: db) }
            return JSONResponse.success(line, status: 201)
        }
        router.get("/api/v1/budget-lines/:id") { request, context in
            let caller = try await auth.authenticate(request)
            let id = try context.uuidParameter("id")
            guard let line = try await services.read({ try BudgetLineStore.line(id: id, userId: caller.user.id, in: $0) }) else {
                throw APIError.budgetLineNotFound(id)
            }
            return JSONResponse.success(caller.visibility.line(line))
        }
        router.patch("/api/v1/budget-lines/:id") { request, context in
            let caller = try await auth.authenticate(request)
            let id = try context.uuidParameter("id")
            let patch = try BudgetLineBodies.patch(try await RequestBodyReader.object(of: request, limit: services.maxBodyBytes))
            try caller.requireWritableKey()
            let now = services.now
            let line = try await services.write { db in
                try BudgetLineWrites.update(id: id, patch: patch, userId: caller.user.id, now: now, in: db)
            }
            return JSONResponse.success(line)
        }
        router.delete("/api/v1/budget-lines/:id") { request, context in
            try await write(request, context) { id, userId, now, db in
                try BudgetLineWrites.delete(id: id, userId: userId, now: now, in: db)
            }
            return JSONResponse.encoded(MessageEnvelope(message: "Budget line deleted successfully"))
        }
        router.post("/api/v1/budget-lines/:id/toggle-check") { request, context in
            JSONResponse.success(try await write(request, context, BudgetLineWrites.toggleCheck), status: 201)
        }
        router.post("/api/v1/budget-lines/:id/check-transactions") { request, context in
            JSONResponse.success(try await write(request, context, BudgetLineWrites.checkTransactions))
        }
        // Not idempotent (§15.3): a second call moves it again.
        router.post("/api/v1/budget-lines/:id/postpone") { request, context in
            JSONResponse.success(try await write(request, context, PostponeWrites.budgetLine), status: 201)
        }
        router.post("/api/v1/budget-lines/:id/reset-from-template") { request, context in
            JSONResponse.success(try await write(request, context, BudgetLineWrites.resetFromTemplate), status: 201)
        }
    }

    /// A bodiless write on the line of the path: the caller, a key that may write, one database
    /// transaction at the sandbox's clock.
    private func write<T: Sendable>(_ request: Request, _ context: SandboxContext,
                                    _ body: @escaping @Sendable (_ id: String, _ userId: String, _ now: Date, _ db: Database) throws -> T)
        async throws -> T {
        let caller = try await Authenticator(services: services).authenticate(request)
        let id = try context.uuidParameter("id")
        try caller.requireWritableKey()
        let now = services.now
        let userId = caller.user.id
        return try await services.write { db in try body(id, userId, now, db) }
    }
}
