import Foundation

/// `GET /tags/:id/history` (§15.2): a tag's planned (its expense prévisions) against its actual
/// (its expense transactions) per budget month, zero-filled, oldest first.
public struct TagHistory: Sendable, Hashable, Codable {
    public struct Period: Sendable, Hashable, Codable {
        public var month: Int
        public var year: Int
        public var plannedAmount: Decimal
        public var actualAmount: Decimal

        public init(month: Int, year: Int, plannedAmount: Decimal, actualAmount: Decimal) {
            self.month = month
            self.year = year
            self.plannedAmount = plannedAmount
            self.actualAmount = actualAmount
        }
    }

    public var tagId: String
    public var periods: [Period]
    public var totalPlanned: Decimal
    public var totalActual: Decimal
    public var monthlyAverageActual: Decimal
    /// Nil when nothing is planned.
    public var actualToPlannedPercent: Decimal?

    /// The figures of `periods` as the server computes them: the average divides by every month.
    public init(tagId: String, periods: [Period]) {
        self.tagId = tagId
        self.periods = periods
        totalPlanned = periods.reduce(0) { $0 + $1.plannedAmount }
        totalActual = periods.reduce(0) { $0 + $1.actualAmount }
        monthlyAverageActual = periods.isEmpty ? 0 : totalActual / Decimal(periods.count)
        actualToPlannedPercent = totalPlanned == 0 ? nil : totalActual / totalPlanned * 100
    }

    enum CodingKeys: String, CodingKey {
        case tagId, periods, totalPlanned, totalActual, monthlyAverageActual, actualToPlannedPercent
    }

    /// `actualToPlannedPercent` is written `null` when nothing is planned, as the server does.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(tagId, forKey: .tagId)
        try c.encode(periods, forKey: .periods)
        try c.encode(totalPlanned, forKey: .totalPlanned)
        try c.encode(totalActual, forKey: .totalActual)
        try c.encode(monthlyAverageActual, forKey: .monthlyAverageActual)
        try c.encodeOrNull(actualToPlannedPercent, forKey: .actualToPlannedPercent)
    }

    /// The allowed windows (`months=3|6|12|24`).
    public static let windows = [3, 6, 12, 24]

    /// The tag's history over the `months` budget months ending with `end`, from the months held:
    /// planned is the sum of its expense prévisions, actual of its expense transactions.
    public static func compute(tagId: String, months: Int, end: BudgetMonth, from details: [BudgetDetails]) -> TagHistory {
        let window = (0..<months).map { end.advanced(by: $0 - months + 1) }
        let byMonth = Dictionary(details.map { (BudgetMonth(year: $0.budget.year, month: $0.budget.month), $0) },
                                 uniquingKeysWith: { first, _ in first })
        let periods = window.map { month -> Period in
            guard let held = byMonth[month] else { return Period(month: month.month, year: month.year, plannedAmount: 0, actualAmount: 0) }
            let planned = held.budgetLines.filter { $0.kind == .expense && $0.tagIds.contains(tagId) }.reduce(Decimal(0)) { $0 + $1.amount }
            let actual = held.transactions.filter { $0.kind == .expense && $0.tagIds.contains(tagId) }.reduce(Decimal(0)) { $0 + $1.amount }
            return Period(month: month.month, year: month.year, plannedAmount: planned, actualAmount: actual)
        }
        return TagHistory(tagId: tagId, periods: periods)
    }
}
