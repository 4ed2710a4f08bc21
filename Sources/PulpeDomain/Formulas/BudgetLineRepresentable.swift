import Foundation

/// What the formulas need from a budget line. `BudgetLine` conforms; the sandbox can conform its rows.
public protocol BudgetLineRepresentable {
    var id: String { get }
    var kind: TransactionKind { get }
    /// The planned amount.
    var amount: Decimal { get }
}
