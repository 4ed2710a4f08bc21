import Foundation
import GRDB
import PulpeDomain

/// A line of a budget template: what each new budget's lines are copied from.
struct TemplateLine: Sendable, Hashable {
    var id: String
    var templateId: String
    var name: String
    var amount: Decimal
    var kind: TransactionKind
    var recurrence: Recurrence
}
