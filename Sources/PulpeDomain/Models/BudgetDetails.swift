import Foundation

/// `GET /budgets/:id/details`: the budget (with `rollover`, `previousBudgetId`), its transactions
/// (newest first) and its budget lines.
public struct BudgetDetails: Sendable, Hashable {
    public var budget: Budget
    public var transactions: [Transaction]
    public var budgetLines: [BudgetLine]

    public init(budget: Budget, transactions: [Transaction], budgetLines: [BudgetLine]) {
        self.budget = budget
        self.transactions = transactions
        self.budgetLines = budgetLines
    }

    /// The month's totals by the shared formulas (§10), using the budget's `rollover` (0 when absent).
    public var totals: BudgetTotals {
        BudgetTotals(lines: budgetLines, transactions: transactions, rollover: budget.rollover ?? 0)
    }

    /// Consumption of each budget line, in the order of `budgetLines`.
    public var lineConsumptions: [LineConsumption] {
        budgetLines.map { BudgetMath.consumption(of: $0, transactions: transactions) }
    }

    /// The transactions allocated to `lineId`.
    public func transactions(allocatedTo lineId: String) -> [Transaction] {
        transactions.filter { $0.budgetLineId == lineId }
    }
}

extension BudgetDetails: Codable {
    enum CodingKeys: String, CodingKey { case budget, transactions, budgetLines }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        budget = try c.decode(Budget.self, forKey: .budget)
        transactions = try c.decode([Transaction].self, forKey: .transactions, default: [])
        budgetLines = try c.decode([BudgetLine].self, forKey: .budgetLines, default: [])
    }
}
