import Foundation
import PropertyBased
@testable import PulpeDomain

struct PropertyEntry: TransactionRepresentable, Sendable, CustomStringConvertible {
    var budgetLineId: String?
    var kind: TransactionKind
    var amount: Decimal
    var description: String { "\(budgetLineId ?? "free"):\(kind.rawValue):\(amount)" }
}
