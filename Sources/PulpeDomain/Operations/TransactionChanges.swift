import Foundation

/// The fields of a transaction a patch changes (`transactionUpdateSchema`: name, amount, kind,
/// date; never its envelope or its check — those are their own operations). Nil: unchanged.
public struct TransactionChanges: Hashable, Sendable, Codable {
    public var name: String?
    public var amount: Decimal?
    public var kind: TransactionKind?
    public var transactionDate: Date?
    /// The whole set of tags the transaction carries afterwards (a PATCH replaces it, §15.2);
    /// a tag created offline by its provisional id.
    public var tagIds: [String]?

    public init(name: String? = nil, amount: Decimal? = nil, kind: TransactionKind? = nil, transactionDate: Date? = nil,
                tagIds: [String]? = nil) {
        self.name = name
        self.amount = amount
        self.kind = kind
        self.transactionDate = transactionDate
        self.tagIds = tagIds
    }

    /// `later` over `self`: a field the later patch sets wins, the others stay.
    public func merged(with later: TransactionChanges) -> TransactionChanges {
        TransactionChanges(name: later.name ?? name, amount: later.amount ?? amount, kind: later.kind ?? kind,
                           transactionDate: later.transactionDate ?? transactionDate, tagIds: later.tagIds ?? tagIds)
    }

    public var isEmpty: Bool { name == nil && amount == nil && kind == nil && transactionDate == nil && tagIds == nil }
}
