import Foundation

/// The templates with template writes applied (decision 120): what the « Modèles » screen shows
/// while they wait, and what the replica keeps once one is sent and the server could not be read
/// again at once — so a line just created or deleted is never missing from, or lingering in, the
/// kept templates. `created`: the lines a sent batch created, with the server's ids (nil: waiting).
public enum TemplateOverlay {
    public static func apply(_ operation: WriteOperation, to previews: [TemplatePreview],
                             created: [TemplatePreview.Line]? = nil) -> [TemplatePreview] {
        var shown = previews
        switch operation {
        case let .editTemplateLines(id, batch, _, _):
            guard let index = shown.firstIndex(where: { $0.template.id == id }) else { return shown }
            var lines = TemplateLineBatch(update: batch.update, delete: batch.delete).applied(to: shown[index].lines)
            lines += created ?? batch.create.map { TemplatePreview.Line(name: $0.name, amount: $0.amount, kind: $0.kind, recurrence: $0.recurrence) }
            shown[index].lines = lines
        case let .patchTemplate(id, changes):
            for index in shown.indices {
                if shown[index].template.id == id, let name = changes.name { shown[index].template.name = name }
                if changes.isDefault == true { shown[index].template.isDefault = shown[index].template.id == id }
            }
        case let .deleteTemplate(id):
            shown.removeAll { $0.template.id == id }
        case let .createTemplate(name):
            if !shown.contains(where: { $0.template.name == name }) {
                shown.append(TemplatePreview(template: BudgetTemplate(id: "", name: name), lines: []))
            }
        default:
            break
        }
        return shown
    }
}

extension WriteOperation {
    /// A template batch that creates lines (their ids are the server's).
    public var createsTemplateLines: Bool {
        if case let .editTemplateLines(_, batch, _, _) = self { return !batch.create.isEmpty }
        return false
    }
}
