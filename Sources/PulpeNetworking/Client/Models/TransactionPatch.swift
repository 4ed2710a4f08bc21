import Foundation
import PulpeDomain

/// A nullable member of a PATCH body: left out, set to `null`, or set to a value.
public enum PatchValue<Value: Sendable & Hashable>: Sendable, Hashable {
    case unchanged
    case null
    case set(Value)
}

/// The body of `PATCH /transactions/:id`: only the members that change. Strict like the create
/// body: it writes exactly the keys the endpoint accepts.
public struct TransactionPatch: Sendable, Hashable, Encodable {
    public var name: String?
    public var amount: Decimal?
    public var kind: TransactionKind?
    public var transactionDate: Date?
    /// `.null` makes the transaction free (no envelope).
    public var budgetLineId: PatchValue<String>
    /// `.null` un-ticks it.
    public var checkedAt: PatchValue<Date>
    public var tagIds: [String]?

    public init(name: String? = nil, amount: Decimal? = nil, kind: TransactionKind? = nil, transactionDate: Date? = nil,
                budgetLineId: PatchValue<String> = .unchanged, checkedAt: PatchValue<Date> = .unchanged,
                tagIds: [String]? = nil) {
        self.name = name
        self.amount = amount
        self.kind = kind
        self.transactionDate = transactionDate
        self.budgetLineId = budgetLineId
        self.checkedAt = checkedAt
        self.tagIds = tagIds
    }

    /// Whether the patch changes nothing (not worth a request).
    public var isEmpty: Bool {
        name == nil && amount == nil && kind == nil && transactionDate == nil && budgetLineId == .unchanged
            && checkedAt == .unchanged && tagIds == nil
    }

    enum CodingKeys: String, CodingKey {
        case name, amount, kind, transactionDate, budgetLineId, checkedAt, tagIds
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(amount, forKey: .amount)
        try c.encodeIfPresent(kind, forKey: .kind)
        if let transactionDate { try c.encode(PulpeDate.format(transactionDate), forKey: .transactionDate) }
        switch budgetLineId {
        case .unchanged: break
        case .null: try c.encodeNil(forKey: .budgetLineId)
        case .set(let id): try c.encode(id, forKey: .budgetLineId)
        }
        switch checkedAt {
        case .unchanged: break
        case .null: try c.encodeNil(forKey: .checkedAt)
        case .set(let date): try c.encode(PulpeDate.format(date), forKey: .checkedAt)
        }
        try c.encodeIfPresent(tagIds, forKey: .tagIds)
    }
}
