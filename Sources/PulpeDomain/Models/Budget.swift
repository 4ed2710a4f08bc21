import Foundation

/// One month's budget (§7).
///
/// The same object comes in three forms, all decoded by this type:
/// - list (`GET /budgets`): has `remaining`, no `rollover`;
/// - single (`GET /budgets/:id`): neither `remaining` nor `rollover`;
/// - details (`GET /budgets/:id/details`): has `rollover` and `previousBudgetId`.
public struct Budget: Sendable, Hashable, Identifiable {
    public var id: String
    public var createdAt: Date
    public var updatedAt: Date
    public var userId: String
    /// The template the budget was created from; `nil` if the server sends none.
    public var templateId: String?
    /// Month 1…12.
    public var month: Int
    public var year: Int
    /// Free text; `""` when the server omits it.
    public var description: String
    /// The month's own result (no rollover); the server **omits** it when unknown. See `ownDelta`.
    public var endingBalance: Decimal?
    /// The cumulative balance (own result + rollover); list form only.
    public var remaining: Decimal?
    /// What earlier months carry into this one; details form only.
    public var rollover: Decimal?
    /// The budget before this one; details form only (`nil` for the first budget).
    public var previousBudgetId: String?

    public init(id: String, createdAt: Date, updatedAt: Date, userId: String, templateId: String?, month: Int, year: Int,
                description: String = "", endingBalance: Decimal? = nil, remaining: Decimal? = nil,
                rollover: Decimal? = nil, previousBudgetId: String? = nil) {
        self.id = id
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.userId = userId
        self.templateId = templateId
        self.month = month
        self.year = year
        self.description = description
        self.endingBalance = endingBalance
        self.remaining = remaining
        self.rollover = rollover
        self.previousBudgetId = previousBudgetId
    }

    /// `endingBalance`, with "omitted" read as 0 as the contract says.
    public var ownDelta: Decimal { endingBalance ?? 0 }

    /// The month this budget is named after.
    public var budgetMonth: BudgetMonth { BudgetMonth(year: year, month: month) }
}

extension Budget: Codable {
    enum CodingKeys: String, CodingKey {
        case id, createdAt, updatedAt, userId, templateId, month, year, description
        case endingBalance, remaining, rollover, previousBudgetId
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        createdAt = try c.decodeTimestamp(forKey: .createdAt)
        updatedAt = try c.decodeTimestamp(forKey: .updatedAt)
        userId = try c.decode(String.self, forKey: .userId)
        templateId = try c.decodeIfPresent(String.self, forKey: .templateId)
        month = try c.decode(Int.self, forKey: .month)
        year = try c.decode(Int.self, forKey: .year)
        description = try c.decode(String.self, forKey: .description, default: "")
        endingBalance = try c.decodeAmountIfPresent(forKey: .endingBalance)
        remaining = try c.decodeAmountIfPresent(forKey: .remaining)
        rollover = try c.decodeAmountIfPresent(forKey: .rollover)
        previousBudgetId = try c.decodeIfPresent(String.self, forKey: .previousBudgetId)
    }

    /// Writes the form the fields describe: optional amounts only when set; when `rollover` is set
    /// (details form) `previousBudgetId` is written too, as `null` for the first budget, like the backend.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encodeTimestamp(createdAt, forKey: .createdAt)
        try c.encodeTimestamp(updatedAt, forKey: .updatedAt)
        try c.encode(userId, forKey: .userId)
        try c.encodeOrNull(templateId, forKey: .templateId)
        try c.encode(month, forKey: .month)
        try c.encode(year, forKey: .year)
        try c.encode(description, forKey: .description)
        try c.encodeIfPresent(endingBalance, forKey: .endingBalance)
        try c.encodeIfPresent(remaining, forKey: .remaining)
        if let rollover {
            try c.encode(rollover, forKey: .rollover)
            try c.encodeOrNull(previousBudgetId, forKey: .previousBudgetId)
        } else {
            try c.encodeIfPresent(previousBudgetId, forKey: .previousBudgetId)
        }
    }
}
