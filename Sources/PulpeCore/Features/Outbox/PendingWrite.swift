import PulpeDomain

/// One row of the outbox as the user reads it (issue 60): a new transaction (the quick-add's,
/// `pulpe add`'s, an import's) or any other operation that waits or was refused. The snapshot
/// holds them in one list (`OutboxSnapshot.writes`), the pending list (`e`) and `pulpe pending`
/// read that list, and one question drops either (`Confirmation.dropPending`).
public enum PendingWrite: Hashable, Sendable {
    case expense(PendingExpense)
    case change(PendingChange)

    public var id: String {
        switch self {
        case let .expense(expense): expense.id
        case let .change(change): change.id
        }
    }

    public var isRefused: Bool {
        switch self {
        case let .expense(expense): expense.isRefused
        case let .change(change): change.isRefused
        }
    }

    public var state: PendingExpense.State {
        switch self {
        case let .expense(expense): expense.state
        case let .change(change): change.state
        }
    }

    public var expense: PendingExpense? {
        if case let .expense(expense) = self { return expense }
        return nil
    }

    public var change: PendingChange? {
        if case let .change(change) = self { return change }
        return nil
    }
}
