import Foundation
import PulpeDomain

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
