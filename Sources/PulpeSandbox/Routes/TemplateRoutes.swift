import Foundation
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
        // `GET /budget-templates/:id/lines` (docs/contract.md §14.4): by name; not a UUID → 400,
        // not the caller's → 404 `ERR_TEMPLATE_NOT_FOUND`.
        router.get("/api/v1/budget-templates/:id/lines") { request, context in
            let caller = try await auth.authenticate(request)
            let id = try context.uuidParameter("id")
            let lines = try await services.read { db -> [TemplateLine]? in
                guard try TemplateStore.template(id: id, userId: caller.user.id, in: db) != nil else { return nil }
                return try TemplateStore.lines(templateId: id, in: db)
            }
            guard let lines else { throw APIError.templateNotFound(id) }
            return JSONResponse.success(lines.sorted { $0.name < $1.name }.map { line in
                TemplateLineAnswer(id: line.id, templateId: line.templateId, name: line.name,
                                   amount: caller.visibility == .zeroed ? 0 : line.amount, kind: line.kind,
                                   recurrence: line.recurrence.rawValue)
            })
        }
    }
}

/// One template line as `GET /budget-templates/:id/lines` answers it.
private struct TemplateLineAnswer: Encodable, Sendable {
    let id: String
    let templateId: String
    let name: String
    let amount: Decimal
    let kind: TransactionKind
    let recurrence: String
}
