import Foundation
import PulpeDomain

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

    /// Whether `shown` reads differently while this waits: its own month, a month its creation or
    /// plan makes, the month a postpone moves into (decision 94: every read shows its writes).
    public func touches(_ shown: BudgetMonth) -> Bool {
        touchedMonths.contains(shown)
    }

    /// The months `touches` is true of.
    public var touchedMonths: [BudgetMonth] {
        [month] + operation.madeMonths + (operation.isPostpone ? [month.next] : []) + operation.groupMonths
    }
}
