import Foundation

/// « Bilan du mois » (issue 63): a month once closed — what came in, went out and was saved by the
/// envelope rule, the month's own result, what it carries into the next, and the prévisions that
/// ran over. From the month's own figures, as its panel shows them.
public struct MonthRecap: Sendable, Hashable {
    public struct Overrun: Sendable, Hashable {
        public var name: String
        public var overrun: Decimal
    }

    public var month: BudgetMonth
    public var income: Decimal
    /// Expenses without the savings.
    public var expenses: Decimal
    public var savings: Decimal
    /// The month's own result (income − expenses − savings).
    public var result: Decimal
    /// Its « Disponible » at the end: what the rollover carries into the next month.
    public var carried: Decimal
    /// The prévisions spent beyond their plan, most over first.
    public var overruns: [Overrun]

    public init(_ details: BudgetDetails, month: BudgetMonth) {
        let totals = details.totals
        self.month = month
        income = totals.totalIncome
        expenses = totals.totalExpenses - totals.totalSavings
        savings = totals.totalSavings
        result = totals.ownDelta
        carried = totals.remaining
        overruns = zip(details.budgetLines, details.lineConsumptions)
            .filter { $0.0.kind != .income && $0.1.isOver }
            .map { Overrun(name: $0.0.name, overrun: $0.1.overage) }
            .sorted { $0.overrun > $1.overrun }
    }
}
