import Foundation

extension BudgetMath {
    /// The rollover chain: sorts the budgets chronologically (gaps allowed — a missing month simply
    /// contributes nothing) and gives each the sum of the own deltas of every earlier budget.
    /// The first budget's rollover is 0.
    public static func balances(for deltas: [MonthDelta]) -> [MonthBalance] {
        let ordered = deltas.enumerated().sorted { lhs, rhs in
            lhs.element.month != rhs.element.month ? lhs.element.month < rhs.element.month : lhs.offset < rhs.offset
        }
        var carried: Decimal = 0
        var result: [MonthBalance] = []
        result.reserveCapacity(ordered.count)
        for (_, delta) in ordered {
            result.append(MonthBalance(month: delta.month, ownDelta: delta.ownDelta, rollover: carried))
            carried += delta.ownDelta
        }
        return result
    }

    /// The rollover of `month`: Σ own deltas of the budgets strictly before it.
    public static func rollover(for month: BudgetMonth, in deltas: [MonthDelta]) -> Decimal {
        deltas.reduce(into: Decimal(0)) { sum, delta in
            if delta.month < month { sum += delta.ownDelta }
        }
    }

    /// A year's closing balance: the `remaining` of its latest budgeted month (not the sum of the
    /// year's deltas); `nil` when the year has no budget.
    public static func closingBalance(ofYear year: Int, remainingByMonth: [BudgetMonth: Decimal]) -> Decimal? {
        remainingByMonth.filter { $0.key.year == year }.max { $0.key < $1.key }?.value
    }

    /// Same, from a computed chain.
    public static func closingBalance(ofYear year: Int, balances: [MonthBalance]) -> Decimal? {
        balances.filter { $0.month.year == year }.max { $0.month < $1.month }?.remaining
    }
}
