import Foundation

/// A month's figures from all its transactions (`MonthScan`): what the panels draw. Codable, so
/// the cache keeps them beside the rows and a preview shows them before the rows are read.
public struct MonthFigures: Sendable, Hashable, Codable {
    public var totals: BudgetTotals
    public var lineConsumptions: [LineConsumption]
    public var largestAmount: Decimal
    public var checked: CheckedFigures
    /// The expenses on no prévision: what `Forecast`'s pace reads, kept so a preview has it too.
    /// Nil in figures the cache kept before it.
    public var freeExpenses: Decimal?

    init(budget: Budget, transactions: [Transaction], budgetLines: [BudgetLine]) {
        // One pass (`MonthScan`): the same numbers as the formulas, at 100 000 rows within a frame.
        let scan = MonthScan(budget: budget, transactions: transactions, budgetLines: budgetLines)
        totals = scan.totals
        lineConsumptions = scan.lineConsumptions
        largestAmount = scan.largestAmount
        checked = scan.checked
        freeExpenses = scan.freeExpenses
    }
}
