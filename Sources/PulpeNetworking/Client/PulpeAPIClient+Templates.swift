import Foundation
import PulpeDomain

/// Template writes (`pulpe-api.md` §16.5). None is retried here: the outbox decides (a create and a
/// batch have no client id, so their replays are read back first).
extension PulpeAPIClient {
    /// `POST /api/v1/budget-templates {name}` → 201 `{template, lines}`.
    public func createTemplate(name: String) async throws(PulpeError) -> BudgetTemplate {
        let body = try APIRequest.jsonBody(["name": name])
        return try await perform(APIRequest(.post, .api("budget-templates"), access: .bearerAndClientKey, body: body))
            .enveloped(CreatedTemplate.self).template
    }

    /// `PATCH /api/v1/budget-templates/:id`.
    public func updateTemplate(id: String, _ changes: TemplateChanges) async throws(PulpeError) {
        let body = try APIRequest.jsonBody(changes)
        _ = try await perform(APIRequest(.patch, .api("budget-templates/\(APIRequest.segment(id))"), access: .bearerAndClientKey,
                                         body: body))
    }

    /// `DELETE /api/v1/budget-templates/:id`.
    public func deleteTemplate(id: String) async throws(PulpeError) {
        _ = try await perform(APIRequest(.delete, .api("budget-templates/\(APIRequest.segment(id))"), access: .bearerAndClientKey))
    }

    /// `POST /api/v1/budget-templates/:id/lines/bulk-operations`.
    public func editTemplateLines(templateId: String, _ batch: TemplateLineBatch,
                                  propagate: Bool) async throws(PulpeError) -> TemplateBatchOutcome {
        let body = try APIRequest.jsonBody(BulkOperationsBody(batch, propagate: propagate))
        return try await perform(APIRequest(.post, .api("budget-templates/\(APIRequest.segment(templateId))/lines/bulk-operations"),
                                            access: .bearerAndClientKey, body: body))
            .enveloped(TemplateBatchOutcome.self)
    }
}

/// `POST /budget-templates`'s answer.
private struct CreatedTemplate: Decodable {
    let template: BudgetTemplate
}

/// The bulk body as `templateLinesBulkOperationsSchema` reads it (strict: `description` is
/// required on a create, empty here as the apps send it).
struct BulkOperationsBody: Encodable {
    struct Create: Encodable {
        let name: String
        let amount: Decimal
        let kind: TransactionKind
        let recurrence: Recurrence
        let description = ""
    }

    let create: [Create]
    let update: [TemplateLineUpdate]
    let delete: [String]
    let propagateToBudgets: Bool

    init(_ batch: TemplateLineBatch, propagate: Bool) {
        create = batch.create.map { Create(name: $0.name, amount: $0.amount, kind: $0.kind, recurrence: $0.recurrence) }
        update = batch.update
        delete = batch.delete
        propagateToBudgets = propagate
    }
}
