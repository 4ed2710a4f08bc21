import Foundation
import Hummingbird
import PulpeDomain

/// Templates (`docs/contract.md` §7, §14.4, §16.5): the list, the lines, and the writes.
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
        router.post("/api/v1/budget-templates") { request, _ in
            let caller = try await auth.authenticate(request)
            try caller.requireWritableKey()
            let body = try TemplateBodies.create(try await RequestBodyReader.object(of: request, limit: services.maxBodyBytes))
            let now = services.now
            let created = try await services.write { db in try TemplateWrites.create(body, userId: caller.user.id, now: now, in: db) }
            return JSONResponse.success(created, status: 201)
        }
        router.patch("/api/v1/budget-templates/:id") { request, context in
            let caller = try await auth.authenticate(request)
            try caller.requireWritableKey()
            let id = try context.uuidParameter("id")
            let body = try TemplateBodies.update(try await RequestBodyReader.object(of: request, limit: services.maxBodyBytes))
            let now = services.now
            let template = try await services.write { db in try TemplateWrites.update(id: id, body, userId: caller.user.id, now: now, in: db) }
            return JSONResponse.success(template)
        }
        router.delete("/api/v1/budget-templates/:id") { request, context in
            let caller = try await auth.authenticate(request)
            try caller.requireWritableKey()
            let id = try context.uuidParameter("id")
            try await services.write { db in try TemplateWrites.delete(id: id, userId: caller.user.id, in: db) }
            return JSONResponse.encoded(MessageEnvelope(message: "Template deleted successfully"))
        }
        // `POST /budget-templates/:id/lines/bulk-operations` (§16.5): atomic; with propagation the
        // budgets of this template from the caller's current pay-day period on follow.
        router.post("/api/v1/budget-templates/:id/lines/bulk-operations") { request, context in
            let caller = try await auth.authenticate(request)
            try caller.requireWritableKey()
            let id = try context.uuidParameter("id")
            let body = try TemplateBodies.bulk(try await RequestBodyReader.object(of: request, limit: services.maxBodyBytes))
            let now = services.now, today = services.today
            let answer = try await services.write { db in
                try TemplateWrites.bulk(templateId: id, body, userId: caller.user.id, payDay: caller.user.payDayOfMonth, today: today,
                                        now: now, in: db)
            }
            return JSONResponse.success(answer)
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
