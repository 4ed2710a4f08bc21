import Foundation

/// A planned amount of a budget ("prévision", §8): the envelope transactions are allocated to.
public struct BudgetLine: Sendable, Hashable, Identifiable {
    public var id: String
    public var budgetId: String
    /// The template line it came from; `nil` for a line added to this month only.
    public var templateLineId: String?
    public var savingsGoalId: String?
    public var name: String
    /// The planned amount (≥ 0).
    public var amount: Decimal
    public var kind: TransactionKind
    public var recurrence: Recurrence
    /// The user changed the amount inherited from the template.
    public var isManuallyAdjusted: Bool
    /// When the line was ticked ("pointé"); `nil` when not.
    public var checkedAt: Date?
    public var tagIds: [String]
    public var createdAt: Date
    public var updatedAt: Date
    /// The spread it is one month of (§16.3: `POST /budget-lines/spread`), read-only; nil for most.
    public var spreadGroupId: String?
    /// The « Piocher dans son épargne » pair it belongs to (§16.4), read-only; nil for most.
    public var savingsWithdrawalGroupId: String?

    public init(id: String, budgetId: String, templateLineId: String? = nil, savingsGoalId: String? = nil, name: String,
                amount: Decimal, kind: TransactionKind, recurrence: Recurrence = .fixed, isManuallyAdjusted: Bool = false,
                checkedAt: Date? = nil, tagIds: [String] = [], createdAt: Date, updatedAt: Date, spreadGroupId: String? = nil,
                savingsWithdrawalGroupId: String? = nil) {
        self.spreadGroupId = spreadGroupId
        self.savingsWithdrawalGroupId = savingsWithdrawalGroupId
        self.id = id
        self.budgetId = budgetId
        self.templateLineId = templateLineId
        self.savingsGoalId = savingsGoalId
        self.name = name
        self.amount = amount
        self.kind = kind
        self.recurrence = recurrence
        self.isManuallyAdjusted = isManuallyAdjusted
        self.checkedAt = checkedAt
        self.tagIds = tagIds
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Whether the line is ticked.
    public var isChecked: Bool { checkedAt != nil }
}

extension BudgetLine: BudgetLineRepresentable {}

extension BudgetLine: Codable {
    enum CodingKeys: String, CodingKey {
        case id, budgetId, templateLineId, savingsGoalId, name, amount, kind, recurrence
        case isManuallyAdjusted, checkedAt, tagIds, createdAt, updatedAt, spreadGroupId, savingsWithdrawalGroupId
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        budgetId = try c.decode(String.self, forKey: .budgetId)
        templateLineId = try c.decodeIfPresent(String.self, forKey: .templateLineId)
        savingsGoalId = try c.decodeIfPresent(String.self, forKey: .savingsGoalId)
        name = try c.decode(String.self, forKey: .name)
        amount = try c.decodeAmount(forKey: .amount)
        kind = try c.decode(TransactionKind.self, forKey: .kind)
        recurrence = try c.decode(Recurrence.self, forKey: .recurrence, default: .fixed)
        isManuallyAdjusted = try c.decode(Bool.self, forKey: .isManuallyAdjusted, default: false)
        checkedAt = try c.decodeTimestampIfPresent(forKey: .checkedAt)
        tagIds = try c.decode([String].self, forKey: .tagIds, default: [])
        createdAt = try c.decodeTimestamp(forKey: .createdAt)
        updatedAt = try c.decodeTimestamp(forKey: .updatedAt)
        spreadGroupId = try c.decodeIfPresent(String.self, forKey: .spreadGroupId)
        savingsWithdrawalGroupId = try c.decodeIfPresent(String.self, forKey: .savingsWithdrawalGroupId)
    }

    /// Nullable columns are written as `null`, like the backend.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(budgetId, forKey: .budgetId)
        try c.encodeOrNull(templateLineId, forKey: .templateLineId)
        try c.encodeOrNull(savingsGoalId, forKey: .savingsGoalId)
        try c.encode(name, forKey: .name)
        try c.encode(amount, forKey: .amount)
        try c.encode(kind, forKey: .kind)
        try c.encode(recurrence, forKey: .recurrence)
        try c.encode(isManuallyAdjusted, forKey: .isManuallyAdjusted)
        try c.encodeTimestampOrNull(checkedAt, forKey: .checkedAt)
        try c.encode(tagIds, forKey: .tagIds)
        try c.encodeTimestamp(createdAt, forKey: .createdAt)
        try c.encodeTimestamp(updatedAt, forKey: .updatedAt)
        try c.encodeIfPresent(spreadGroupId, forKey: .spreadGroupId)
        try c.encodeIfPresent(savingsWithdrawalGroupId, forKey: .savingsWithdrawalGroupId)
    }
}
