import Foundation

/// What the formulas need from a transaction. `Transaction` and `NewTransaction` conform (so pending
/// outbox entries can be counted before the server has them).
public protocol TransactionRepresentable {
    /// The line it is allocated to; `nil` for a free transaction.
    var budgetLineId: String? { get }
    var kind: TransactionKind { get }
    var amount: Decimal { get }
}
