import Foundation

/// The body of `POST /transactions` (§9). The endpoint is **strict**: any other key is a 400, so this
/// type writes exactly the allowed keys.
///
/// Encoding rule: `budgetLineId` and `checkedAt` are always written, as `null` when unset (null is
/// their documented meaning — a free transaction, not ticked — and stating it keeps a replayed body
/// independent of server defaults); `id`, `transactionDate` and `tagIds` are omitted when unset
/// (the server then uses its defaults: a generated id, now, no tags).
public struct NewTransaction: Sendable, Hashable {
    /// Lowercase UUID chosen by the client so a replay is idempotent (409 = already created).
    public var id: String?
    public var budgetId: String
    /// `nil` = a free transaction.
    public var budgetLineId: String?
    public var name: String
    /// > 0 and ≤ 1 000 000 (see `TransactionRules`).
    public var amount: Decimal
    public var kind: TransactionKind
    /// Defaults to "now" on the server when `nil`.
    public var transactionDate: Date?
    /// `nil` = not ticked. The official quick-add sets it to now.
    public var checkedAt: Date?
    public var tagIds: [String]?

    public init(id: String? = nil, budgetId: String, budgetLineId: String? = nil, name: String, amount: Decimal,
                kind: TransactionKind, transactionDate: Date? = nil, checkedAt: Date? = nil, tagIds: [String]? = nil) {
        self.id = id
        self.budgetId = budgetId
        self.budgetLineId = budgetLineId
        self.name = name
        self.amount = amount
        self.kind = kind
        self.transactionDate = transactionDate
        self.checkedAt = checkedAt
        self.tagIds = tagIds
    }

    /// Every key the endpoint accepts; the sandbox answers 400 for any other.
    public static let allowedKeys: Set<String> = Set(CodingKeys.allCases.map(\.rawValue))

    /// The keys of a request object that the endpoint does not accept, sorted (for the sandbox's 400).
    public static func unknownKeys(in object: [String: JSONValue]) -> [String] {
        object.keys.filter { !allowedKeys.contains($0) }.sorted()
    }

    /// The transaction the server would create from this body (for optimistic display and the sandbox):
    /// name trimmed, `transactionDate` defaulting to `now`, no tags when unset.
    public func materialized(id: String, now: Date) -> Transaction {
        Transaction(id: self.id ?? id, createdAt: now, updatedAt: now, budgetId: budgetId, budgetLineId: budgetLineId,
                    amount: amount, name: name.trimmingCharacters(in: .whitespacesAndNewlines), kind: kind,
                    transactionDate: transactionDate ?? now, tagIds: tagIds ?? [], checkedAt: checkedAt)
    }
}

extension NewTransaction: TransactionRepresentable {}

extension NewTransaction: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, budgetId, budgetLineId, name, amount, kind, transactionDate, checkedAt, tagIds
    }

    /// Lenient reader (the sandbox checks unknown keys separately with `unknownKeys(in:)`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        budgetId = try c.decode(String.self, forKey: .budgetId)
        budgetLineId = try c.decodeIfPresent(String.self, forKey: .budgetLineId)
        name = try c.decode(String.self, forKey: .name)
        amount = try c.decode(Decimal.self, forKey: .amount)
        kind = try c.decode(TransactionKind.self, forKey: .kind)
        transactionDate = try c.decodeTimestampIfPresent(forKey: .transactionDate)
        checkedAt = try c.decodeTimestampIfPresent(forKey: .checkedAt)
        tagIds = try c.decodeIfPresent([String].self, forKey: .tagIds)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encode(budgetId, forKey: .budgetId)
        try c.encodeOrNull(budgetLineId, forKey: .budgetLineId)
        try c.encode(name, forKey: .name)
        try c.encode(amount, forKey: .amount)
        try c.encode(kind, forKey: .kind)
        try c.encodeTimestampIfPresent(transactionDate, forKey: .transactionDate)
        try c.encodeTimestampOrNull(checkedAt, forKey: .checkedAt)
        try c.encodeIfPresent(tagIds, forKey: .tagIds)
    }
}
