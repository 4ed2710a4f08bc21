import Foundation
import PulpeDomain

/// A `TemplateWrite` as operations (the template part of `WriteResolver`, decision 120): one
/// stored change per write, a line edit as one bulk batch. Pure.
public enum TemplateResolver {
    public static func resolve(_ write: TemplateWrite, in context: WriteContext) -> Result<ResolvedWrite, WriteRefusal> {
        guard let previews = context.templates else { return .failure(.templatesUnknown) }
        let month = context.month
        if case let .add(name) = write {
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, trimmed.count <= 100 else { return .failure(.templateName(trimmed)) }
            guard previews.count < 5 else { return .failure(.templateLimit) }
            guard !previews.contains(where: { $0.template.name.lowercased() == trimmed.lowercased() }) else {
                return .failure(.templateExists(trimmed))
            }
            return .success(ResolvedWrite(done: [ChangeDraft(operation: .createTemplate(name: trimmed), month: month, label: trimmed)],
                                          undo: [], news: GestureNews(.added, name: "Modèle « \(trimmed) »")))
        }
        guard let wanted = write.template, let chosen = WriteResolver.template(wanted, in: previews) else {
            return .failure(.unknownTemplate(write.template ?? "", available: previews.map(\.template.name)))
        }
        let template = chosen.template
        func draft(_ operation: WriteOperation, _ label: String) -> ChangeDraft {
            ChangeDraft(operation: operation, month: month, label: label)
        }
        let known = chosen.lines.compactMap(\.id)
        switch write {
        case .add:
            return .failure(.templatesUnknown)
        case let .rename(_, newName):
            let trimmed = newName.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, trimmed.count <= 100 else { return .failure(.templateName(trimmed)) }
            guard trimmed != template.name else { return .failure(.nothingToChange(name: template.name)) }
            guard !previews.contains(where: { $0.template.id != template.id && $0.template.name.lowercased() == trimmed.lowercased() }) else {
                return .failure(.templateExists(trimmed))
            }
            return .success(ResolvedWrite(
                done: [draft(.patchTemplate(id: template.id, TemplateChanges(name: trimmed)), template.name)],
                undo: [draft(.patchTemplate(id: template.id, TemplateChanges(name: template.name)), trimmed)],
                news: GestureNews(.edited, name: "Modèle « \(trimmed) »")))
        case .makeDefault:
            guard template.isDefault != true else { return .failure(.nothingToChange(name: template.name)) }
            let former = previews.first { $0.template.isDefault == true }?.template
            return .success(ResolvedWrite(
                done: [draft(.patchTemplate(id: template.id, TemplateChanges(isDefault: true)), template.name)],
                undo: former.map { [draft(.patchTemplate(id: $0.id, TemplateChanges(isDefault: true)), $0.name)] } ?? [],
                news: GestureNews(.edited, name: "Modèle par défaut : « \(template.name) »")))
        case .delete:
            return .success(ResolvedWrite(done: [draft(.deleteTemplate(id: template.id), template.name)], undo: [],
                                          news: GestureNews(.deleted, name: "Modèle « \(template.name) »")))
        case let .addLine(_, new, propagate):
            let name = new.name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty, name.count <= 100, new.amount > 0 else { return .failure(.templateLine(name)) }
            guard chosen.lines.count < TemplateLineBatch.maxEach * 2 else { return .failure(.templateLine(name)) }
            var line = new
            line.name = name
            let batch = TemplateLineBatch(create: [line])
            return .success(ResolvedWrite(
                done: [draft(.editTemplateLines(templateId: template.id, batch, propagate: propagate, knownLineIds: known),
                             "\(template.name) · \(name)")],
                undo: [], news: GestureNews(.added, name: name, amount: line.amount, transactionKind: line.kind)))
        case let .editLine(_, target, update, propagate):
            return line(target, in: chosen).flatMap { current in
                guard let id = current.id else { return .failure(.unknown(target, [])) }
                var changes = TemplateLineUpdate(id: id)
                if let name = update.name?.trimmingCharacters(in: .whitespacesAndNewlines), name != current.name {
                    guard !name.isEmpty, name.count <= 100 else { return .failure(.templateLine(name)) }
                    changes.name = name
                }
                if let amount = update.amount, amount != current.amount {
                    guard amount > 0 else { return .failure(.templateLine(current.name)) }
                    changes.amount = amount
                }
                if let kind = update.kind, kind != current.kind { changes.kind = kind }
                if let recurrence = update.recurrence, recurrence != current.recurrence { changes.recurrence = recurrence }
                guard changes != TemplateLineUpdate(id: id) else { return .failure(.nothingToChange(name: current.name)) }
                let back = TemplateLineUpdate(id: id, name: changes.name.map { _ in current.name },
                                              amount: changes.amount.map { _ in current.amount }, kind: changes.kind.map { _ in current.kind },
                                              recurrence: changes.recurrence.flatMap { _ in current.recurrence })
                let label = "\(template.name) · \(current.name)"
                var done = draft(.editTemplateLines(templateId: template.id, TemplateLineBatch(update: [changes]), propagate: propagate,
                                                    knownLineIds: known), label)
                var undo = draft(.editTemplateLines(templateId: template.id, TemplateLineBatch(update: [back]), propagate: propagate,
                                                    knownLineIds: known), label)
                if let amount = changes.amount {
                    done.previousAmount = current.amount
                    undo.previousAmount = amount
                }
                return .success(ResolvedWrite(
                    done: [done],
                    undo: [undo],
                    news: GestureNews(.edited, name: changes.name ?? current.name, amount: changes.amount ?? current.amount,
                                      transactionKind: changes.kind ?? current.kind)))
            }
        case let .deleteLine(_, target, propagate):
            return line(target, in: chosen).flatMap { current in
                guard let id = current.id else { return .failure(.unknown(target, [])) }
                return .success(ResolvedWrite(
                    done: [draft(.editTemplateLines(templateId: template.id, TemplateLineBatch(delete: [id]), propagate: propagate,
                                                    knownLineIds: known), "\(template.name) · \(current.name)")],
                    undo: [], news: GestureNews(.deleted, name: current.name, amount: current.amount, transactionKind: current.kind)))
            }
        }
    }

    /// A line of the template by id, a unique id prefix (6+), or its name (case aside).
    public static func line(_ target: String, in preview: TemplatePreview) -> Result<TemplatePreview.Line, WriteRefusal> {
        let lower = target.lowercased()
        if let exact = preview.lines.first(where: { $0.id?.lowercased() == lower }) { return .success(exact) }
        let named = preview.lines.filter { $0.name.lowercased() == lower }
        let prefixed = lower.count >= 6 ? preview.lines.filter { $0.id?.lowercased().hasPrefix(lower) == true } : []
        let found = named.isEmpty ? prefixed : named
        let candidate = { (line: TemplatePreview.Line) in
            WriteCandidate(id: line.id ?? "", name: line.name, amount: line.amount, kind: line.kind)
        }
        if found.count == 1 { return .success(found[0]) }
        if found.count > 1 { return .failure(.ambiguous(target, found.map(candidate))) }
        return .failure(.unknown(target, preview.lines.map(candidate)))
    }
}
