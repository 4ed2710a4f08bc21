import Foundation

/// `GET /budgets/:id/details`: the budget (with `rollover`, `previousBudgetId`), its transactions
/// (newest first) and its budget lines.
public struct BudgetDetails: Sendable, Hashable {
    public var budget: Budget { didSet { recompute() } }
    public var transactions: [Transaction] { didSet { recompute() } }
    public var budgetLines: [BudgetLine] { didSet { recompute() } }

    /// What the month panel draws from the whole month, computed once when the data is set rather
    /// than on every frame: a 10 000-row month is repainted on each scrolling key, and these scans
    /// cost most of a frame (see `make bench`, docs/decisions.md).
    public private(set) var figures: MonthFigures

    /// Set when `transactions` are only the month's first rows, read from the cache with the
    /// figures stored beside them (`MonthPreview`): the first screen of a 100 000-row month is
    /// painted before its rows are all read. Any change to the details makes them ordinary again
    /// (the figures then come from the rows held), so a preview is never changed: the core waits
    /// for the whole month before anything acts on its rows.
    public private(set) var preview: MonthPreview?

    public init(budget: Budget, transactions: [Transaction], budgetLines: [BudgetLine]) {
        self.budget = budget
        self.transactions = transactions
        self.budgetLines = budgetLines
        figures = MonthFigures(budget: budget, transactions: transactions, budgetLines: budgetLines)
        preview = nil
    }

    /// A month's first rows with the whole month's `figures` and transaction count, as stored
    /// together in the cache. Nil when the figures do not fit the lines (one per line).
    public static func preview(budget: Budget, firstTransactions: [Transaction], budgetLines: [BudgetLine],
                               figures: MonthFigures, transactionCount: Int) -> BudgetDetails? {
        guard figures.lineConsumptions.count == budgetLines.count, transactionCount >= firstTransactions.count else {
            return nil
        }
        var details = BudgetDetails(budget: budget, transactions: [], budgetLines: budgetLines)
        details.transactions = firstTransactions
        details.figures = figures
        details.preview = MonthPreview(transactionCount: transactionCount)
        return details
    }

    /// How many transactions the month holds: all of `transactions`, or a preview's stored count.
    public var transactionCount: Int { preview?.transactionCount ?? transactions.count }

    private mutating func recompute() {
        figures = MonthFigures(budget: budget, transactions: transactions, budgetLines: budgetLines)
        preview = nil
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
