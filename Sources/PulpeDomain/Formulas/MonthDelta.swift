import Foundation

/// One budget's own result, input to the rollover chain.
public struct MonthDelta: Sendable, Hashable, Codable {
    public var month: BudgetMonth
    /// The month's own result (`endingBalance`, rollover 0).
    public var ownDelta: Decimal

    public init(month: BudgetMonth, ownDelta: Decimal) {
        self.month = month
        self.ownDelta = ownDelta
    }
}
