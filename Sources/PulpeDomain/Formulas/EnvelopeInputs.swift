import Foundation

/// What the formulas need from a budget line. `BudgetLine` conforms; the sandbox can conform its rows.
public protocol BudgetLineRepresentable {
    var id: String { get }
    var kind: TransactionKind { get }
    /// The planned amount.
    var amount: Decimal { get }
}

/// What the formulas need from a transaction. `Transaction` and `NewTransaction` conform (so pending
/// outbox entries can be counted before the server has them).
public protocol TransactionRepresentable {
    /// The line it is allocated to; `nil` for a free transaction.
    var budgetLineId: String? { get }
    var kind: TransactionKind { get }
    var amount: Decimal { get }
}
