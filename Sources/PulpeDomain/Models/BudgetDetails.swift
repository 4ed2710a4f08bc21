import Foundation

/// `GET /budgets/:id/details`: the budget (with `rollover`, `previousBudgetId`), its transactions
/// (newest first) and its budget lines.
public struct BudgetDetails: Sendable, Hashable {
    public var budget: Budget { didSet { figures = Figures(self) } }
    public var transactions: [Transaction] { didSet { figures = Figures(self) } }
    public var budgetLines: [BudgetLine] { didSet { figures = Figures(self) } }

    /// What the month panel draws from the whole month, computed once when the data is set rather
    /// than on every frame: a 10 000-row month is repainted on each scrolling key, and these scans
    /// cost most of a frame (see `make bench`, docs/decisions.md).
    private var figures: Figures

    public init(budget: Budget, transactions: [Transaction], budgetLines: [BudgetLine]) {
        self.budget = budget
        self.transactions = transactions
        self.budgetLines = budgetLines
        figures = Figures(budget: budget, transactions: transactions, budgetLines: budgetLines)
    }

    /// The month's totals by the shared formulas (§10), using the budget's `rollover` (0 when absent).
    public var totals: BudgetTotals { figures.totals }

    /// Consumption of each budget line, in the order of `budgetLines`.
    public var lineConsumptions: [LineConsumption] { figures.lineConsumptions }

    /// What is checked off and the prévisions over their amount (§14.6), for the month at a glance.
    public var checkedFigures: CheckedFigures { figures.checked }

    /// The largest transaction amount (0 without transactions), to size an amount column once.
    public var largestTransactionAmount: Decimal { figures.largestAmount }

    /// Budget line names by id, to label (and filter) allocated transactions.
    public var lineNames: [String: String] {
        Dictionary(budgetLines.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// The transactions allocated to `lineId`.
    public func transactions(allocatedTo lineId: String) -> [Transaction] {
        transactions.filter { $0.budgetLineId == lineId }
    }

    private struct Figures: Sendable, Hashable {
        var totals: BudgetTotals
        var lineConsumptions: [LineConsumption]
        var largestAmount: Decimal
        var checked: CheckedFigures

        init(_ details: BudgetDetails) {
            self.init(budget: details.budget, transactions: details.transactions, budgetLines: details.budgetLines)
        }

        init(budget: Budget, transactions: [Transaction], budgetLines: [BudgetLine]) {
            // One pass (`MonthScan`): the same numbers as the formulas, at 100 000 rows within a frame.
            let scan = MonthScan(budget: budget, transactions: transactions, budgetLines: budgetLines)
            totals = scan.totals
            lineConsumptions = scan.lineConsumptions
            largestAmount = scan.largestAmount
            checked = scan.checked
        }
    }
}

extension BudgetDetails: Codable {
    enum CodingKeys: String, CodingKey { case budget, transactions, budgetLines }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(budget: try c.decode(Budget.self, forKey: .budget),
                  transactions: try c.decode([Transaction].self, forKey: .transactions, default: []),
                  budgetLines: try c.decode([BudgetLine].self, forKey: .budgetLines, default: []))
    }
}
