import Foundation

/// A year's figures from its sparse budget list (`?fields=month,year,remaining`): what the year
/// panel draws and `pulpe year` prints, computed in one place so both say the same (§10).
public struct YearFigures: Sendable, Hashable {
    public let year: Int
    /// The remaining (cumulative balance) of each budgeted month of `year` whose remaining is
    /// known, by month number. A month missing here has no budget (or an unknown figure).
    public let remainingByMonth: [Int: Decimal]

    public init(year: Int, summaries: [BudgetSummary]) {
        self.year = year
        var result: [Int: Decimal] = [:]
        for summary in summaries {
            guard let month = summary.budgetMonth, month.year == year, let remaining = summary.remaining else { continue }
            result[month.month] = remaining
        }
        remainingByMonth = result
    }

    /// The year's closing balance: the remaining of its latest budgeted month; nil without any budget.
    public var closingBalance: Decimal? {
        let byMonth = Dictionary(uniqueKeysWithValues: remainingByMonth.map { (BudgetMonth(year: year, month: $0.key), $0.value) })
        return BudgetMath.closingBalance(ofYear: year, remainingByMonth: byMonth)
    }

    /// The latest budgeted month, the one the closing balance comes from.
    public var closingMonth: Int? { remainingByMonth.keys.max() }
}

extension BudgetSummary {
    /// `summaries` with what waits in the outbox counted: each month's remaining moved by the shift
    /// of every month up to it (`shifts`: a month's overlay remaining less the server's), since the
    /// rollover carries a month's remaining into the next. The year grid and its closing balance
    /// then move with the month panel at once (decision 46).
    public static func shifted(_ summaries: [BudgetSummary], by shifts: [BudgetMonth: Decimal]) -> [BudgetSummary] {
        guard !shifts.isEmpty else { return summaries }
        return summaries.map { summary in
            guard let month = summary.budgetMonth, let remaining = summary.remaining else { return summary }
            let moved = shifts.reduce(Decimal(0)) { total, shift in shift.key <= month ? total + shift.value : total }
            guard moved != 0 else { return summary }
            var result = summary
            result.remaining = remaining + moved
            return result
        }
    }
}

extension BudgetDetails {
    /// The indices of the budget lines in the panel's order: income, then expenses, then savings,
    /// stable within a group (the month panel draws them so; the selection walks them so).
    public var lineIndicesInGroupOrder: [Int] {
        [TransactionKind.income, .expense, .saving].flatMap { kind in budgetLines.indices.filter { budgetLines[$0].kind == kind } }
    }
}
