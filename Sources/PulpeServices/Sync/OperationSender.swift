import Foundation
import PulpeDomain
import PulpeNetworking

/// One operation as HTTP calls (docs/contract.md §14.7): a create with its client id, a patch with
/// the same body on every try, a delete, and « set checked » as read-then-toggle — toggle-check
/// flips, so a blind replay would undo what an earlier, lost answer did. Throws the call's error;
/// `SyncDecision` reads it.
struct OperationSender {
    let client: PulpeAPIClient

    /// `isReplay`: an earlier send may have reached the server — a template create or batch,
    /// which have no client id, is read back first.
    @discardableResult
    func send(_ operation: WriteOperation, isReplay: Bool = false) async throws(PulpeError) -> ReadAgain {
        switch operation {
        case let .createTransaction(new):
            // The client reads a 409 as « created by an earlier attempt »; it only says the id is
            // taken — by this account, or by another (decision 95): the outbox reads it back.
            if case .alreadyExisted = try await client.createTransaction(new) { throw Self.idTaken }
        case let .patchTransaction(id, changes):
            guard !changes.isEmpty else { return .nothing }
            _ = try await client.updateTransaction(id: id, changes)
        case let .deleteTransaction(id):
            try await client.deleteTransaction(id: id)
        case let .setTransactionChecked(id, checked, _):
            let current = try await client.transaction(id: id)
            guard current.isChecked != checked else { return .nothing }
            // The answer is checked against the intent (§14.7 rule 5): another device toggling
            // between the read and the toggle leaves it flipped the wrong way — flip it once more.
            let after = try await client.toggleCheck(transactionId: id)
            if after.isChecked != checked { _ = try await client.toggleCheck(transactionId: id) }
        case let .createBudgetLine(new):
            try await client.createBudgetLine(new)
        case let .patchBudgetLine(id, changes):
            try await client.updateBudgetLine(id: id, changes)
        case let .deleteBudgetLine(id):
            try await client.deleteBudgetLine(id: id)
        case let .setBudgetLineChecked(id, checked, withTransactions, _):
            let current = try await client.budgetLine(id: id)
            if current.isChecked != checked { try await client.toggleBudgetLineCheck(id: id) }
            if checked, withTransactions { try await client.checkBudgetLineTransactions(id: id) }
        case let .resetBudgetLine(id):
            try await client.resetBudgetLine(id: id)
        case let .postponeTransaction(id, from, _):
            // Not idempotent: moved already (by a send whose answer was lost), it is done.
            guard try await client.transaction(id: id).budgetId == from else { return .nothing }
            try await client.postponeTransaction(id: id)
        case let .postponeBudgetLine(id, from, _):
            guard try await client.budgetLine(id: id).budgetId == from else { return .nothing }
            try await client.postponeBudgetLine(id: id)
        case let .generateBudgets(templateId, from, count, _):
            try await client.generateBudgets(templateId: templateId, from: from, count: count)
        case let .createBudget(month, templateId, _):
            _ = try await client.createBudget(NewBudget(month: month.month, year: month.year, templateId: templateId))
        case let .createTag(name):
            // Created, or found by name after a 409 (a replay whose first answer was lost): once.
            _ = try await client.createTag(name: name)
        case let .renameTag(id, name):
            _ = try await client.renameTag(id: id, to: name)
        case let .deleteTag(id):
            try await client.deleteTag(id: id)
        case let .createTemplate(name):
            if isReplay, try await client.budgetTemplates().contains(where: { $0.name == name }) { return .templates(rewroteBudgets: []) }
            _ = try await client.createTemplate(name: name)
            return .templates(rewroteBudgets: [])
        case let .patchTemplate(id, changes):
            guard !changes.isEmpty else { return .nothing }
            try await client.updateTemplate(id: id, changes)
            return .templates(rewroteBudgets: [])
        case let .deleteTemplate(id):
            try await client.deleteTemplate(id: id)
            return .templates(rewroteBudgets: [])
        case let .editTemplateLines(templateId, batch, propagate, known):
            if isReplay, Self.landed(batch, known: known, now: try await client.templateLines(templateId)) {
                return .templates(rewroteBudgets: propagate ? nil : [])
            }
            let outcome = try await client.editTemplateLines(templateId: templateId, batch, propagate: propagate)
            return .templates(rewroteBudgets: outcome.affectedBudgetIds, created: outcome.created)
        case let .spread(plan):
            return .months(try await client.spread(plan))
        case let .savingsWithdrawal(plan):
            try await client.savingsWithdrawal(plan)
            return .months([plan.month, plan.month.next])
        case let .deleteSavingsWithdrawal(groupId, repaymentOnly, months):
            try await client.deleteSavingsWithdrawal(groupId: groupId, repaymentOnly: repaymentOnly)
            return .months(months)
        case let .updateSettings(change):
            guard !change.isEmpty else { return .nothing }
            return .settings(try await client.updateSettings(change))
        }
        return .nothing
    }

    /// Whether a batch sent before is on the server (the server applies it whole or not at all):
    /// its deleted lines gone, or its created lines there beside the ones known when it was stored.
    /// An update alone is sent again (the same fields: harmless).
    static func landed(_ batch: TemplateLineBatch, known: [String], now lines: [TemplatePreview.Line]) -> Bool {
        let ids = Set(lines.compactMap(\.id))
        if !batch.delete.isEmpty { return batch.delete.allSatisfy { !ids.contains($0) } }
        guard !batch.create.isEmpty else { return false }
        let known = Set(known)
        var fresh = lines.filter { $0.id.map { !known.contains($0) } ?? false }
        for new in batch.create {
            guard let index = fresh.firstIndex(where: new.matches) else { return false }
            fresh.remove(at: index)
        }
        return true
    }

    /// A create's 409: its id is taken on the server (`SyncDecision.afterLookUp` says by whom).
    static let idTaken = PulpeError(.conflict(.transactionAlreadyExists),
                                    context: ErrorContext(status: 409, code: "ERR_TRANSACTION_ALREADY_EXISTS"))

    /// After a create was answered 409, or a replayed one 404 or 400: is it there, in this
    /// account? (`GET` by its client id: another user's row is not found.) Nil when the look-up
    /// itself failed (the operation stays queued).
    func exists(_ operation: WriteOperation) async -> Bool? {
        do {
            switch operation {
            case let .createTransaction(new):
                guard let id = new.id else { return false }
                _ = try await client.transaction(id: id)
            case let .createBudgetLine(new):
                _ = try await client.budgetLine(id: new.id)
            case let .createTag(name):
                let key = TagRules.key(name)
                return try await client.tags().contains { TagRules.key($0.name) == key }
            default:
                return false
            }
            return true
        } catch {
            if case .notFound = error.kind { return false }
            return nil
        }
    }
}
