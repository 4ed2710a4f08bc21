import Foundation
@testable import PulpeDomain

struct Entry: TransactionRepresentable {
    var budgetLineId: String?
    var kind: TransactionKind
    var amount: Decimal
    init(_ lineId: String?, _ kind: TransactionKind, _ amount: String) {
        self.budgetLineId = lineId
        self.kind = kind
        self.amount = dec(amount)
    }
}
