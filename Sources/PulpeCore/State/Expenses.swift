import Foundation
import PulpeDomain

/// An expense the quick-add form validated, ready to be stored: amounts in Decimal, the budget
/// resolved from the date (pay-day period, docs/contract.md §11) before anything is stored.
public struct ExpenseDraft: Hashable, Sendable {
    public var amount: Decimal
    /// Trimmed, 1…100 characters.
    public var name: String
    public var kind: TransactionKind
    /// The day the user picked (local calendar day).
    public var date: CalendarDay
    /// « Pointé »: sent with `checkedAt` = the moment it was entered.
    public var checked: Bool
    /// The budget month the date falls in, and that budget's id.
    public var month: BudgetMonth
    public var budgetId: String
    /// The prévision it is put on (`pulpe add --line`); nil: a free transaction.
    public var budgetLineId: String?

    public init(amount: Decimal, name: String, kind: TransactionKind, date: CalendarDay, checked: Bool,
                month: BudgetMonth, budgetId: String, budgetLineId: String? = nil) {
        self.budgetLineId = budgetLineId
        self.amount = amount
        self.name = name
        self.kind = kind
        self.date = date
        self.checked = checked
        self.month = month
        self.budgetId = budgetId
    }
}

extension ExpenseDraft {
    /// The transaction the outbox stores for it: dated at noon of its day (the store stamps one
    /// dated today with the moment it stores it) and checked « when stored » (`.distantPast`,
    /// stamped likewise: `NewTransaction.stamped`).
    public func newTransaction(id: String, timeZone: LocalZone) -> NewTransaction {
        NewTransaction(id: id, budgetId: budgetId, budgetLineId: budgetLineId, name: name, amount: amount, kind: kind,
                       transactionDate: date.startDate(in: timeZone).addingTimeInterval(12 * 3600),
                       checkedAt: checked ? .distantPast : nil)
    }
}

extension ExpenseDraft {
    /// The draft a stored created transaction was made from (`newTransaction`'s inverse): the
    /// outbox's rows read back, and the shell's outcome. `day` when the body has no date.
    public init(_ transaction: NewTransaction, month: BudgetMonth, timeZone: LocalZone, day: CalendarDay? = nil) {
        let date = transaction.transactionDate.map { CalendarDay($0, in: timeZone) } ?? day
            ?? CalendarDay(Date(timeIntervalSince1970: 0), in: timeZone)
        self.init(amount: transaction.amount, name: transaction.name, kind: transaction.kind, date: date,
                  checked: transaction.checkedAt != nil, month: month, budgetId: transaction.budgetId,
                  budgetLineId: transaction.budgetLineId)
    }
}

/// One expense in the outbox as the core shows it: in the month list marked « en attente »
/// (or « refusée »), counted in « Disponible à dépenser », listed in the pending list.
public struct PendingExpense: Hashable, Sendable, Identifiable {
    public enum State: Hashable, Sendable {
        /// Waiting to be sent.
        case pending
        /// On the wire right now.
        case sending
        /// The server refused it; the reason is the server's, kept until the user edits or deletes it.
        case refused(reason: RefusalReason)
        /// The server has it; shown as a plain row until the month's next answer includes it.
        case sent
    }

    /// The client id, which is also the transaction's id on the server.
    public var id: String
    public var draft: ExpenseDraft
    public var state: State
    /// Its place in the outbox's one queue, shared with the changes (`PendingChange.sequence`):
    /// the overlay applies both in the order the server will see them.
    public var sequence: Int64 = 0

    public init(id: String, draft: ExpenseDraft, state: State) {
        self.id = id
        self.draft = draft
        self.state = state
    }

    public var isRefused: Bool {
        if case .refused = state { return true }
        return false
    }
}

/// What the outbox holds for the signed-in user, oldest first, as last read from disk (by this
/// process or another one: `pulpe add` writes to the same file).
public struct OutboxSnapshot: Hashable, Sendable {
    /// The transactions created here and not yet on the server (the quick-add's).
    public var items: [PendingExpense]
    /// Every other operation that waits or was refused: checks, edits, deletes, prévisions'
    /// changes, months opened (docs/operations.md).
    public var changes: [PendingChange] = []
    /// Something the user must know about the outbox's file itself (a damaged one kept aside, or
    /// none usable this run); the status line says it while nothing else is shown.
    public var notice: OutboxNotice?

    public init(items: [PendingExpense] = [], changes: [PendingChange] = [], notice: OutboxNotice? = nil) {
        self.items = items
        self.changes = changes
        self.notice = notice
    }

    /// Operations still to send (refused ones wait for the user).
    public var pendingCount: Int {
        items.count { !$0.isRefused && $0.state != .sent } + changes.count { !$0.isRefused }
    }
    /// Whether every write still to send is a new expense (no check, edit or delete waits):
    /// what waits is then worded « dépenses », else « modifications ».
    public var onlyExpensesPending: Bool { !changes.contains { !$0.isRefused } }
    public var refused: [PendingExpense] { items.filter(\.isRefused) }

    /// The items dated in `month` (the month list shows them first).
    public func items(in month: BudgetMonth) -> [PendingExpense] {
        items.filter { $0.draft.month == month }
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

/// Why the outbox could not store an expense (the form stays open with what was typed).
public enum StoreFailure: Error, Hashable, Sendable {
    /// The disk refused the write (full, read-only, damaged file).
    case diskUnavailable
    /// No signed-in user to store it for.
    case notSignedIn
}

/// What is wrong with the outbox's file, as the user needs to hear it (decision 40).
public enum OutboxNotice: Hashable, Sendable {
    /// A damaged outbox was moved aside under this name (the newest of `count` kept aside); a
    /// fresh one holds new expenses. Said until the user moves or deletes the kept file.
    case keptAside(fileName: String, count: Int)
    /// No outbox could be opened this run (full or read-only disk…): adding is refused.
    case unavailable
}

/// An operation other than a created transaction, as the core shows it: applied over the month
/// while it waits (`OperationOverlay`), listed by what it does (« Pointer Loyer »), rolled back
/// on screen when the server refuses it.
public struct PendingChange: Hashable, Sendable, Identifiable {
    public var id: String
    public var operation: WriteOperation
    /// The budget month it concerns.
    public var month: BudgetMonth
    /// The transaction's or prévision's name when it was entered.
    public var label: String
    /// The amount before an edit, when the edit changed it.
    public var previousAmount: Decimal?
    /// `.pending`, `.sending` or `.refused` (never `.sent`: a done operation leaves the outbox).
    public var state: PendingExpense.State
    /// Its place in the outbox's queue (`PendingExpense.sequence`); shown-at-once changes that
    /// the outbox has not stored yet come last.
    public var sequence: Int64 = .max

    public init(id: String, operation: WriteOperation, month: BudgetMonth, label: String, previousAmount: Decimal? = nil,
                state: PendingExpense.State) {
        self.id = id
        self.operation = operation
        self.month = month
        self.label = label
        self.previousAmount = previousAmount
        self.state = state
    }

    public var isRefused: Bool {
        if case .refused = state { return true }
        return false
    }
}

/// An operation the user made, ready to be stored (`pulpe check`, `pulpe edit`, …, and the TUI's
/// gestures): what it does, the month it concerns, and the name the pending list gives it.
public struct ChangeDraft: Hashable, Sendable {
    public var operation: WriteOperation
    public var month: BudgetMonth
    public var label: String
    /// The amount before an edit that changes it (« 45.00 → 54.00 CHF »).
    public var previousAmount: Decimal?
    /// Stored at once but not sent before this many seconds: the TUI's delete keeps its undo
    /// window so (durable from the key press, never on the wire while `u` can still take it back).
    public var hold: Int?

    public init(operation: WriteOperation, month: BudgetMonth, label: String, previousAmount: Decimal? = nil,
                hold: Int? = nil) {
        self.operation = operation
        self.month = month
        self.label = label
        self.previousAmount = previousAmount
        self.hold = hold
    }
}
