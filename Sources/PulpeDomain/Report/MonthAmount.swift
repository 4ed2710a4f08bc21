import Foundation

/// What was allocated to a prévision in one budget month (`LineSuggestion.history`).
public struct MonthAmount: Sendable, Hashable {
    public var month: BudgetMonth
    public var actual: Decimal

    public init(month: BudgetMonth, actual: Decimal) {
        self.month = month
        self.actual = actual
    }
}
