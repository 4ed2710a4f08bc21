import Foundation

/// Money actually spent or received (§9). Allocated to a budget line, or "free" (`budgetLineId == nil`).
public struct Transaction: Sendable, Hashable, Identifiable {
    public var id: String
    public var createdAt: Date
    public var updatedAt: Date
    public var budgetId: String
    /// The envelope it is allocated to; `nil` for a free transaction.
    public var budgetLineId: String?
    /// Always > 0; the direction comes from `kind`.
    public var amount: Decimal
    public var name: String
    public var kind: TransactionKind
    /// When it happened (shown in the user's time zone: see `day(in:)`).
    public var transactionDate: Date
    public var tagIds: [String]
    /// When it was ticked ("pointé"); `nil` when not. Does not change any total.
    public var checkedAt: Date?

    public init(id: String, createdAt: Date, updatedAt: Date, budgetId: String, budgetLineId: String? = nil,
                amount: Decimal, name: String, kind: TransactionKind, transactionDate: Date, tagIds: [String] = [],
                checkedAt: Date? = nil) {
        self.id = id
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.budgetId = budgetId
        self.budgetLineId = budgetLineId
        self.amount = amount
        self.name = name
        self.kind = kind
        self.transactionDate = transactionDate
        self.tagIds = tagIds
        self.checkedAt = checkedAt
    }

    /// Not allocated to any budget line.
    public var isFree: Bool { budgetLineId == nil }

    /// Ticked ("pointé").
    public var isChecked: Bool { checkedAt != nil }

    /// The calendar day of `transactionDate` in `timeZone` (the user's zone, for lists).
    public func day(in timeZone: LocalZone) -> CalendarDay {
        CalendarDay(transactionDate, in: timeZone)
    }
}

extension Transaction: TransactionRepresentable {}

extension Transaction: Codable {
    enum CodingKeys: String, CodingKey {
        case id, createdAt, updatedAt, budgetId, budgetLineId, amount, name, kind, transactionDate, tagIds, checkedAt
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        createdAt = try c.decodeTimestamp(forKey: .createdAt)
        updatedAt = try c.decodeTimestamp(forKey: .updatedAt)
        budgetId = try c.decode(String.self, forKey: .budgetId)
        budgetLineId = try c.decodeIfPresent(String.self, forKey: .budgetLineId)
        amount = try c.decodeAmount(forKey: .amount)
        name = try c.decode(String.self, forKey: .name)
        kind = try c.decode(TransactionKind.self, forKey: .kind)
        transactionDate = try c.decodeTimestamp(forKey: .transactionDate)
        tagIds = try c.decode([String].self, forKey: .tagIds, default: [])
        checkedAt = try c.decodeTimestampIfPresent(forKey: .checkedAt)
    }

    /// Nullable columns are written as `null`, like the backend.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encodeTimestamp(createdAt, forKey: .createdAt)
        try c.encodeTimestamp(updatedAt, forKey: .updatedAt)
        try c.encode(budgetId, forKey: .budgetId)
        try c.encodeOrNull(budgetLineId, forKey: .budgetLineId)
        try c.encode(amount, forKey: .amount)
        try c.encode(name, forKey: .name)
        try c.encode(kind, forKey: .kind)
        try c.encodeTimestamp(transactionDate, forKey: .transactionDate)
        try c.encode(tagIds, forKey: .tagIds)
        try c.encodeTimestampOrNull(checkedAt, forKey: .checkedAt)
    }
}
