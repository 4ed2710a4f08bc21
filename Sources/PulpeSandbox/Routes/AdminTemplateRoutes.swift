import Foundation
import Hummingbird
import PulpeDomain

/// `GET /__sandbox/template-lines?email=…`, `GET /__sandbox/budget-lines?email=…` and
/// `GET /__sandbox/settings?email=…`: a user's
/// template lines and every month's lines, read without a client, so a test checks that the months
/// ahead equal the template after a propagation (§16.5). Loopback only, as every admin route.
///
/// Answers: `[{"id","templateId","template","name","amount","kind"}]` and
/// `[{"id","budgetId","month","year","templateLineId","name","amount","isManuallyAdjusted"}]`.
struct AdminTemplateRoutes {
    let services: SandboxServices

    struct TemplateLineEntry: Encodable, Sendable {
        let id: String
        let templateId: String
        let template: String
        let name: String
        let amount: Decimal
        let kind: TransactionKind
    }

    struct BudgetLineEntry: Encodable, Sendable {
        let id: String
        let budgetId: String
        let month: Int
        let year: Int
        let templateLineId: String?
        let name: String
        let amount: Decimal
        let isManuallyAdjusted: Bool
    }

    func register(on router: Router<SandboxContext>) {
        registerSettings(on: router)
        router.get("/__sandbox/template-lines") { request, context in
            try AdminRoutes.requireLoopback(context)
            let email = try Self.email(request)
            let entries = try await services.read { db -> [TemplateLineEntry]? in
                guard let user = try UserStore.find(email: email, in: db) else { return nil }
                return try TemplateStore.templates(userId: user.id, in: db).flatMap { template in
                    try TemplateStore.lines(templateId: template.id, in: db).map { line in
                        TemplateLineEntry(id: line.id, templateId: template.id, template: template.name, name: line.name,
                                          amount: line.amount, kind: line.kind)
                    }
                }
            }
            guard let entries else { throw APIError.framework(status: 404, reason: "Not Found", "No user with email '\(email)'") }
            return JSONResponse.encoded(entries)
        }
        router.get("/__sandbox/budget-lines") { request, context in
            try AdminRoutes.requireLoopback(context)
            let email = try Self.email(request)
            let entries = try await services.read { db -> [BudgetLineEntry]? in
                guard let user = try UserStore.find(email: email, in: db) else { return nil }
                let budgets = try BudgetStore.budgets(userId: user.id, in: db)
                let lines = try BudgetLineStore.lines(budgetIds: budgets.map(\.id), in: db)
                return budgets.flatMap { budget in
                    (lines[budget.id] ?? []).map { line in
                        BudgetLineEntry(id: line.id, budgetId: budget.id, month: budget.month, year: budget.year,
                                        templateLineId: line.templateLineId, name: line.name, amount: line.amount,
                                        isManuallyAdjusted: line.isManuallyAdjusted)
                    }
                }
            }
            guard let entries else { throw APIError.framework(status: 404, reason: "Not Found", "No user with email '\(email)'") }
            return JSONResponse.encoded(entries)
        }
    }

    /// `GET /__sandbox/settings?email=…`: the user's settings as `GET /users/settings` answers them.
    func registerSettings(on router: Router<SandboxContext>) {
        router.get("/__sandbox/settings") { request, context in
            try AdminRoutes.requireLoopback(context)
            let email = try Self.email(request)
            guard let user = try await services.read({ db in try UserStore.find(email: email, in: db) }) else {
                throw APIError.framework(status: 404, reason: "Not Found", "No user with email '\(email)'")
            }
            return JSONResponse.encoded([user.settings])   // a listing, as the others (one row)
        }
    }

    private static func email(_ request: Request) throws -> String {
        guard let email = request.uri.queryParameters.get("email"), !email.isEmpty else {
            throw APIError.framework(status: 400, reason: "Bad Request", "Query parameter `email` is required")
        }
        return email
    }
}
