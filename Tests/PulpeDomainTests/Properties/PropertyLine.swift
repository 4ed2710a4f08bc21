import Foundation
import PropertyBased
@testable import PulpeDomain

struct PropertyLine: BudgetLineRepresentable, Sendable, CustomStringConvertible {
    var id: String
    var kind: TransactionKind
    var amount: Decimal
    var description: String { "\(id):\(kind.rawValue):\(amount)" }
}
