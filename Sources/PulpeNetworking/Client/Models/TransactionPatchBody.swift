import Foundation
import PulpeDomain

/// The body of `PATCH /transactions/:id`: only the members that change. Strict like the create
/// body: it writes exactly the keys the endpoint accepts — never `budgetLineId` or `checkedAt`,
/// which the backend refuses with 400 (docs/contract.md §14.1: a transaction changes envelope by
/// delete and create, and is checked by toggle-check).
public struct TransactionPatch: Sendable, Hashable, Encodable {
    public var name: String?
    public var amount: Decimal?
    public var kind: TransactionKind?
    public var transactionDate: Date?
    public var tagIds: [String]?

    public init(name: String? = nil, amount: Decimal? = nil, kind: TransactionKind? = nil, transactionDate: Date? = nil,
                tagIds: [String]? = nil) {
        self.name = name
        self.amount = amount
        self.kind = kind
        self.transactionDate = transactionDate
        self.tagIds = tagIds
    }

    /// Whether the patch changes nothing (not worth a request).
    public var isEmpty: Bool {
        name == nil && amount == nil && kind == nil && transactionDate == nil && tagIds == nil
    }

    enum CodingKeys: String, CodingKey {
        case name, amount, kind, transactionDate, tagIds
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(amount, forKey: .amount)
        try c.encodeIfPresent(kind, forKey: .kind)
        if let transactionDate { try c.encode(PulpeDate.format(transactionDate), forKey: .transactionDate) }
        try c.encodeIfPresent(tagIds, forKey: .tagIds)
    }
}
