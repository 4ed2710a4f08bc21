import Foundation
import PulpeDomain

/// A write that needs nothing but the item it acts on (decision 93): one key on the month panel's
/// selected row, one shell verb on a named item. Each case says here, and only here, which rows
/// it applies to and what it stores; its key, its verb and every word of it are `ItemWriteText`'s
/// (PulpeUI) — a new one is a case here, its words there, and its rows in `WriteResolverTests`.
public enum ItemWrite: String, Hashable, Sendable, CaseIterable {
    /// A prévision set back to its template's amount (`R`, `pulpe line reset`).
    case reset
    /// A free, unchecked transaction or a one-off prévision moved to next month (`>`, `pulpe postpone`).
    case postpone
    /// A prévision's amount set to what its transactions add up to (`=`, `pulpe line fit`): the
    /// plan made to match what happened, the former amount kept for `u`.
    case fit

    /// The intent the key means on `row`, or nil where it does not apply (the key is then not offered).
    func intent(on row: Core.SelectedRow) -> WriteIntent? {
        switch (self, row) {
        case (.reset, .transaction), (.fit, .transaction): nil
        case let (_, .line(line)): .item(self, target: line.id)
        case let (.postpone, .transaction(transaction)): .item(self, target: transaction.id)
        }
    }

    /// What it stores for the item `target` names in the month as shown, or why it stores nothing.
    func resolve(_ target: String, in details: BudgetDetails, _ context: WriteContext) -> Result<ResolvedWrite, WriteRefusal> {
        let month = context.month
        switch self {
        case .reset:
            return WriteResolver.budgetLine(target, in: details).map { line in
                ResolvedWrite(done: [ChangeDraft(operation: .resetBudgetLine(id: line.id), month: month, label: line.name)],
                              undo: [], news: GestureNews(.item(.reset), name: line.name))
            }
        case .postpone:
            return postponed(target, in: details, context)
        case .fit:
            return WriteResolver.budgetLine(target, in: details).flatMap { line in
                let attached = details.transactions.filter { $0.budgetLineId == line.id }
                guard !attached.isEmpty else { return .failure(.itemStays(.fit, name: line.name, .noTransactions)) }
                let spent = attached.reduce(Decimal(0)) { $0 + $1.amount }
                return WriteResolver.editedLine(line, LineEdit(amount: spent), month).map { resolved in
                    var fitted = resolved
                    fitted.news.kind = .item(.fit)
                    return fitted
                }
            }
        }
    }

    /// Moved to next month, held for `u` like a delete (a replay would move it again: the sender
    /// reads the item first). What the server would refuse is refused here, with its reason.
    private func postponed(_ target: String, in details: BudgetDetails, _ context: WriteContext) -> Result<ResolvedWrite, WriteRefusal> {
        let month = context.month
        let budgetId = details.budget.id
        if case let .found(line) = ShellTargets.budgetLine(target, in: details),
           case .unknown = ShellTargets.transaction(target, in: details) {
            let attached = details.transactions.count { $0.budgetLineId == line.id }
            if line.isChecked { return .failure(.itemStays(.postpone, name: line.name, .checked)) }
            if line.recurrence == .fixed { return .failure(.itemStays(.postpone, name: line.name, .fixed)) }
            if attached > 0 { return .failure(.itemStays(.postpone, name: line.name, .hasTransactions(attached))) }
            return .success(ResolvedWrite(
                done: [ChangeDraft(operation: .postponeBudgetLine(id: line.id, fromBudget: budgetId, moved: line), month: month, label: line.name)],
                undo: [], news: GestureNews(.item(.postpone), name: line.name, amount: line.amount, transactionKind: line.kind),
                window: .open))
        }
        return WriteResolver.transaction(target, in: details, context).flatMap { transaction in
            if transaction.isChecked { return .failure(.itemStays(.postpone, name: transaction.name, .checked)) }
            if transaction.budgetLineId != nil { return .failure(.itemStays(.postpone, name: transaction.name, .allocated)) }
            return .success(ResolvedWrite(
                done: [ChangeDraft(operation: .postponeTransaction(id: transaction.id, fromBudget: budgetId, moved: transaction), month: month,
                                   label: transaction.name)],
                undo: [], news: GestureNews(.item(.postpone), name: transaction.name, amount: transaction.amount,
                                            transactionKind: transaction.kind),
                window: .open))
        }
    }
}

extension ItemWrite {
    /// One type per write, because the shell's parser (swift-argument-parser) knows a command by
    /// its type: `ItemWriteCommand<Fit>` is `pulpe line fit`.
    public enum Reset: ItemWriteKind { public static let write = ItemWrite.reset }
    public enum Postpone: ItemWriteKind { public static let write = ItemWrite.postpone }
    public enum Fit: ItemWriteKind { public static let write = ItemWrite.fit }

    /// Every write's type, in the order of the cases (the shell lists the verbs so).
    public static var kinds: [any ItemWriteKind.Type] { allCases.map(\.kind) }

    /// This write's type.
    public var kind: any ItemWriteKind.Type {
        switch self {
        case .reset: Reset.self
        case .postpone: Postpone.self
        case .fit: Fit.self
        }
    }
}
