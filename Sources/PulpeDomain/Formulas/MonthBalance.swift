import Foundation

/// One budget with its place in the chain.
public struct MonthBalance: Sendable, Hashable, Codable {
    public var month: BudgetMonth
    public var ownDelta: Decimal
    /// Σ own deltas of every earlier budget.
    public var rollover: Decimal

    public init(month: BudgetMonth, ownDelta: Decimal, rollover: Decimal) {
        self.month = month
        self.ownDelta = ownDelta
        self.rollover = rollover
    }

    /// `rollover + ownDelta`: the cumulative balance at the end of this month.
    public var remaining: Decimal { rollover + ownDelta }
}
