import Foundation
import Hummingbird
import PulpeDomain

/// Transactions (`docs/contract.md` §9): list by budget, get, create (client id, idempotent),
/// patch, delete, toggle-check.
struct TransactionRoutes {
    let services: SandboxServices

    func register(on router: Router<SandboxContext>) {
        let auth = Authenticator(services: services)

        router.get("/api/v1/transactions/budget/:budgetId") { request, context in
            let caller = try await auth.authenticate(request)
            let budgetId = try context.uuidParameter("budgetId")
            let transactions = try await services.read { db -> [Transaction]? in
                guard try BudgetStore.budget(id: budgetId, userId: caller.user.id, in: db) != nil else { return nil }
                return try TransactionStore.transactions(budgetId: budgetId, in: db)
            }
            guard let transactions else { throw APIError.budgetNotFound(budgetId) }
            return JSONResponse.success(transactions.map(caller.visibility.transaction))
        }

        router.get("/api/v1/transactions/:id") { request, context in
            let caller = try await auth.authenticate(request)
            let id = try context.uuidParameter("id")
            guard let transaction = try await services.read({ db in
                try TransactionStore.transaction(id: id, userId: caller.user.id, in: db)
            }) else { throw APIError.transactionNotFound(id) }
            return JSONResponse.success(caller.visibility.transaction(transaction))
        }

        router.post("/api/v1/transactions") { request, _ in
            let caller = try await auth.authenticate(request)
            let body = try TransactionBodies.create(try await RequestBodyReader.object(of: request, limit: services.maxBodyBytes))
            try caller.requireWritableKey()
            let now = services.now
            let created = try await services.write { db in
                try TransactionWrites.create(body, userId: caller.user.id, now: now, in: db)
            }
            return JSONResponse.success(created, status: 201)
        }

        router.patch("/api/v1/transactions/:id") { request, context in
            let caller = try await auth.authenticate(request)
            let id = try context.uuidParameter("id")
            let patch = try TransactionBodies.patch(try await RequestBodyReader.object(of: request, limit: services.maxBodyBytes))
            try caller.requireWritableKey()
            let now = services.now
            let updated = try await services.write { db in
                try TransactionWrites.update(id: id, patch: patch, userId: caller.user.id, now: now, in: db)
            }
            return JSONResponse.success(updated)
        }

        router.delete("/api/v1/transactions/:id") { request, context in
            let caller = try await auth.authenticate(request)
            let id = try context.uuidParameter("id")
            try caller.requireWritableKey()
            let now = services.now
            try await services.write { db in try TransactionWrites.delete(id: id, userId: caller.user.id, now: now, in: db) }
            return JSONResponse.encoded(MessageEnvelope(message: "Transaction deleted successfully"))
        }

        router.post("/api/v1/transactions/:id/toggle-check") { request, context in
            let caller = try await auth.authenticate(request)
            let id = try context.uuidParameter("id")
            try caller.requireWritableKey()
            let now = services.now
            let toggled = try await services.write { db in
                try TransactionWrites.toggleCheck(id: id, userId: caller.user.id, now: now, in: db)
            }
            return JSONResponse.success(toggled, status: 201)
        }

        // Not idempotent (§15.3): a second call moves it again.
        router.post("/api/v1/transactions/:id/postpone") { request, context in
            let caller = try await auth.authenticate(request)
            let id = try context.uuidParameter("id")
            try caller.requireWritableKey()
            let now = services.now
            let moved = try await services.write { db in
                try PostponeWrites.transaction(id: id, userId: caller.user.id, now: now, in: db)
            }
            return JSONResponse.success(moved, status: 201)
        }
    }
}
