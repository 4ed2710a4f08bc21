import Foundation
import Hummingbird
import PulpeDomain

/// Budgets (`docs/contract.md` §7): full and sparse lists, one budget, details, existence, creation.
struct BudgetRoutes {
    let services: SandboxServices

    func register(on router: Router<SandboxContext>) {
        let auth = Authenticator(services: services)

        router.get("/api/v1/budgets") { request, _ in
            let caller = try await auth.authenticate(request)
            let query = try BudgetListQuery.parse(request.uri.queryParameters.map { (String($0.key), String($0.value)) })
            let visibility = caller.visibility
            let userId = caller.user.id
            if query.fields != nil {
                let summaries = try await services.read { db in
                    try BudgetLedger.summaries(userId: userId, query: query, visibility: visibility, in: db)
                }
                return JSONResponse.success(summaries)
            }
            let budgets = try await services.read { db in
                try BudgetLedger.filteredList(userId: userId, query: query, visibility: visibility, in: db)
            }
            return JSONResponse.success(budgets)
        }

        router.get("/api/v1/budgets/exists") { request, _ in
            let caller = try await auth.authenticate(request)
            let exists = try await services.read { db in try BudgetStore.hasAny(userId: caller.user.id, in: db) }
            return JSONResponse.encoded(BudgetExistence(hasBudget: exists))
        }

        // `GET /budgets/export` (§15.1): every month of the account, oldest first, in one answer.
        router.get("/api/v1/budgets/export") { request, _ in
            let caller = try await auth.authenticate(request)
            let visibility = caller.visibility
            let now = services.now
            let months = try await services.read { db in
                try BudgetLedger.export(userId: caller.user.id, visibility: visibility, in: db)
            }
            // Written straight into bytes (`successBody`): the same bytes as `JSONResponse.success`.
            return JSONResponse.raw(try AccountExportData(exportDate: PulpeDate.format(now), months: months).successBody(),
                                    status: 200)
        }

        router.get("/api/v1/budgets/:id") { request, context in
            let caller = try await auth.authenticate(request)
            let id = try context.uuidParameter("id")
            guard var budget = try await services.read({ db in try BudgetStore.budget(id: id, userId: caller.user.id, in: db) })
            else { throw APIError.budgetNotFound(id) }
            budget.endingBalance = caller.visibility.amount(budget.ownDelta)
            return JSONResponse.success(budget)
        }

        router.get("/api/v1/budgets/:id/details") { request, context in
            let caller = try await auth.authenticate(request)
            let id = try context.uuidParameter("id")
            let visibility = caller.visibility
            let key = EncodedResponseCache.Key(userId: caller.user.id, budgetId: id, amountsVisible: visibility == .visible)
            if let body = services.responses.body(for: key) { return JSONResponse.raw(body, status: 200) }
            let generation = services.responses.generation
            guard let details = try await services.read({ db in
                try BudgetLedger.details(budgetId: id, userId: caller.user.id, visibility: visibility, in: db)
            }) else { throw APIError.budgetNotFound(id) }
            let body = try JSONResponse.body(SuccessEnvelope(data: details))
            services.responses.store(body, for: key, generation: generation)
            return JSONResponse.raw(body, status: 200)
        }

        router.post("/api/v1/budgets") { request, _ in
            let caller = try await auth.authenticate(request)
            let body = try SmallBodies.newBudget(try await RequestBodyReader.object(of: request, limit: services.maxBodyBytes))
            try caller.requireWritableKey()
            let now = services.now
            let budget = try await services.write { db in
                try BudgetFactory.create(body, userId: caller.user.id, now: now, in: db)
            }
            return JSONResponse.success(budget, status: 201)
        }
        // `POST /budgets/generate` (docs/contract.md §14.4): `count` months from the start, those that
        // exist skipped; a failure (an unknown template too) is 500 `ERR_BUDGET_GENERATE_FAILED`
        // with nothing left behind. Safe to resend: what exists is skipped.
        router.post("/api/v1/budgets/generate") { request, _ in
            let caller = try await auth.authenticate(request)
            let body = try SmallBodies.generateBudgets(try await RequestBodyReader.object(of: request, limit: services.maxBodyBytes))
            try caller.requireWritableKey()
            let now = services.now
            let result = try await services.write { db -> GeneratedBudgets in
                guard try TemplateStore.template(id: body.templateId, userId: caller.user.id, in: db) != nil else {
                    throw APIError.business(code: "ERR_BUDGET_GENERATE_FAILED", status: 500, "Failed to generate budgets")
                }
                var generated = GeneratedBudgets()
                var month = body.month
                for _ in 0..<body.count {
                    if try BudgetStore.exists(userId: caller.user.id, year: month.year, month: month.month, in: db) {
                        generated.skippedMonths.append(.init(month: month.month, year: month.year))
                    } else {
                        let new = NewBudget(month: month.month, year: month.year, description: "Budget \(month.month)/\(month.year)",
                                            templateId: body.templateId)
                        generated.budgets.append(try BudgetFactory.create(new, userId: caller.user.id, now: now, in: db))
                    }
                    month = month.next
                }
                return generated
            }
            return JSONResponse.success(result, status: 201)
        }
    }
}

/// `{"budgets":[Budget],"skippedMonths":[{month,year}]}`, the data of `POST /budgets/generate`.
private struct GeneratedBudgets: Encodable, Sendable {
    struct Month: Encodable, Sendable {
        let month: Int
        let year: Int
    }

    var budgets: [Budget] = []
    var skippedMonths: [Month] = []
}
