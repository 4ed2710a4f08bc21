import Foundation
@testable import PulpeDomain

/// Minimal line and transaction values for formula tests.
struct Line: BudgetLineRepresentable {
    var id: String
    var kind: TransactionKind
    var amount: Decimal
    init(_ id: String, _ kind: TransactionKind, _ amount: String) {
        self.id = id
        self.kind = kind
        self.amount = dec(amount)
    }
}
