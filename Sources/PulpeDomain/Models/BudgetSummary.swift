import Foundation

/// An item of the sparse budget list (`GET /budgets?fields=…`): `id` plus only the fields asked for.
public struct BudgetSummary: Sendable, Hashable, Identifiable {
    public var id: String
    public var month: Int?
    public var year: Int?
    public var totalExpenses: Decimal?
    public var totalSavings: Decimal?
    public var totalIncome: Decimal?
    public var remaining: Decimal?
    public var rollover: Decimal?

    public init(id: String, month: Int? = nil, year: Int? = nil, totalExpenses: Decimal? = nil,
                totalSavings: Decimal? = nil, totalIncome: Decimal? = nil, remaining: Decimal? = nil,
                rollover: Decimal? = nil) {
        self.id = id
        self.month = month
        self.year = year
        self.totalExpenses = totalExpenses
        self.totalSavings = totalSavings
        self.totalIncome = totalIncome
        self.remaining = remaining
        self.rollover = rollover
    }

    /// The budget's month, when both `month` and `year` were requested.
    public var budgetMonth: BudgetMonth? {
        guard let month, let year else { return nil }
        return BudgetMonth(year: year, month: month)
    }

    /// The field names the API accepts in `fields=` (anything else → 400).
    public static let allowedFields: Set<String> = [
        "month", "year", "totalExpenses", "totalSavings", "totalIncome", "remaining", "rollover",
    ]
}

extension BudgetSummary: Codable {
    enum CodingKeys: String, CodingKey {
        case id, month, year, totalExpenses, totalSavings, totalIncome, remaining, rollover
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        month = try c.decodeIfPresent(Int.self, forKey: .month)
        year = try c.decodeIfPresent(Int.self, forKey: .year)
        totalExpenses = try c.decodeAmountIfPresent(forKey: .totalExpenses)
        totalSavings = try c.decodeAmountIfPresent(forKey: .totalSavings)
        totalIncome = try c.decodeAmountIfPresent(forKey: .totalIncome)
        remaining = try c.decodeAmountIfPresent(forKey: .remaining)
        rollover = try c.decodeAmountIfPresent(forKey: .rollover)
    }

    /// Writes `id` and only the fields that are set (that is what "sparse" means on the wire).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encodeIfPresent(month, forKey: .month)
        try c.encodeIfPresent(year, forKey: .year)
        try c.encodeIfPresent(totalExpenses, forKey: .totalExpenses)
        try c.encodeIfPresent(totalSavings, forKey: .totalSavings)
        try c.encodeIfPresent(totalIncome, forKey: .totalIncome)
        try c.encodeIfPresent(remaining, forKey: .remaining)
        try c.encodeIfPresent(rollover, forKey: .rollover)
    }
}
