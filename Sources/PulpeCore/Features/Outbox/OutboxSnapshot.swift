import Foundation
import PulpeDomain

/// What the outbox holds for the signed-in user, oldest first, as last read from disk (by this
/// process or another one: `pulpe add` writes to the same file).
public struct OutboxSnapshot: Hashable, Sendable {
    /// Everything that waits or was refused, in one list (issue 60): the transactions created here
    /// and not yet on the server first (the quick-add's, as the pending list shows them), then
    /// every other operation — checks, edits, deletes, prévisions' changes, months opened
    /// (docs/operations.md) — each part in the outbox's order.
    public var writes: [PendingWrite]

    /// The new transactions of `writes` (the month lists' « en attente » rows); setting it
    /// replaces them and keeps the rest.
    public var items: [PendingExpense] {
        get { writes.compactMap(\.expense) }
        set { writes = newValue.map(PendingWrite.expense) + writes.filter { $0.expense == nil } }
    }

    /// The other operations of `writes` (applied as an overlay); setting it replaces them.
    public var changes: [PendingChange] {
        get { writes.compactMap(\.change) }
        set { writes = writes.filter { $0.change == nil } + newValue.map(PendingWrite.change) }
    }
    /// Something the user must know about the outbox's file itself (a damaged one kept aside, or
    /// none usable this run); the status line says it while nothing else is shown.
    public var notice: OutboxNotice?

    public init(items: [PendingExpense] = [], changes: [PendingChange] = [], notice: OutboxNotice? = nil) {
        writes = items.map(PendingWrite.expense) + changes.map(PendingWrite.change)
        self.notice = notice
    }

    /// Operations still to send (refused ones wait for the user).
    public var pendingCount: Int {
        writes.count { write in
            switch write {
            case let .expense(expense): !expense.isRefused && expense.state != .sent
            case let .change(change): !change.isRefused
            }
        }
    }
    /// Whether every write still to send is a new expense (no check, edit or delete waits):
    /// what waits is then worded « dépenses », else « modifications ».
    public var onlyExpensesPending: Bool { !changes.contains { !$0.isRefused } }
    public var refused: [PendingExpense] { items.filter(\.isRefused) }

    /// The items dated in `month` (the month list shows them first).
    public func items(in month: BudgetMonth) -> [PendingExpense] {
        items.filter { $0.draft.month == month }
    }

    /// The months what waits (not refused) shows differently (`PendingChange.touches`): the ones
    /// a reader overlays before it answers — `pulpe year`'s shifts, the search's months.
    public var touchedMonths: Set<BudgetMonth> {
        Set(items.filter { !$0.isRefused }.map(\.draft.month) + changes.filter { !$0.isRefused }.flatMap(\.touchedMonths))
    }

    /// The months whose creation waits (not refused): an expense dated in one goes on its
    /// provisional budget and waits behind the creation — from the TUI and `pulpe add` alike.
    public var monthsBeingCreated: Set<BudgetMonth> {
        Set(changes.compactMap { change in
            guard !change.isRefused, case let .createBudget(month, _, _) = change.operation else { return nil }
            return month
        })
    }
}
