import Foundation

/// One month's cash flow (issue 61): what came in, went out and was saved by Pulpe's envelope rule
/// (§10: each prévision at the larger of its plan and what is allocated to it, the free rows on
/// top), the month's own result, and the balance the rollover chain carries out of it.
public struct CashFlowMonth: Sendable, Hashable {
    public var month: BudgetMonth
    public var income: Decimal
    /// Expenses without the savings.
    public var expenses: Decimal
    public var savings: Decimal
    /// `income − expenses − savings`.
    public var result: Decimal { income - expenses - savings }
    /// The « Disponible » at the month's end: every earlier result and this one.
    public var balance: Decimal

    /// Every month of `details` in order, the chain run from the first (as the server's rollover).
    public static func months(_ details: [BudgetDetails]) -> [CashFlowMonth] {
        let ordered = details.sorted { ($0.budget.year, $0.budget.month) < ($1.budget.year, $1.budget.month) }
        var balance: Decimal = 0
        return ordered.map { month in
            let totals = BudgetTotals(lines: month.budgetLines, transactions: month.transactions, rollover: 0)
            balance += totals.ownDelta
            return CashFlowMonth(month: BudgetMonth(year: month.budget.year, month: month.budget.month), income: totals.totalIncome,
                                 expenses: totals.totalExpenses - totals.totalSavings, savings: totals.totalSavings, balance: balance)
        }
    }
}
