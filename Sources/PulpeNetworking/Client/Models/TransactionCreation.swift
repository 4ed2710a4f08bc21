import PulpeDomain

/// The result of creating a transaction with a client-chosen id.
///
/// A replay of the same id answers 409 `ERR_TRANSACTION_ALREADY_EXISTS`: the first attempt did
/// create it (its answer was lost). For the outbox both mean "done" (docs/product.md §4).
public enum TransactionCreation: Sendable, Hashable {
    /// 201: created now.
    case created(Transaction)
    /// 409 for this id: created by an earlier attempt.
    case alreadyExisted(id: String)

    /// The transaction's id either way.
    public var id: String {
        switch self {
        case .created(let transaction): return transaction.id
        case .alreadyExisted(let id): return id
        }
    }
}
