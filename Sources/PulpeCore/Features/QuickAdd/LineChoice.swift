import Foundation
import PulpeDomain

/// A prévision the quick-add can put an expense on, with what is left on it.
public struct LineChoice: Hashable, Sendable {
    public var id: String
    public var budgetId: String
    public var name: String
    public var kind: TransactionKind
    /// Planned less consumed (0 once exceeded).
    public var left: Decimal

    public init(id: String, budgetId: String, name: String, kind: TransactionKind, left: Decimal) {
        self.id = id
        self.budgetId = budgetId
        self.name = name
        self.kind = kind
        self.left = left
    }

    /// The month's prévisions, with what is left on each (`BudgetMath.consumption`).
    public static func choices(in details: BudgetDetails) -> [LineChoice] {
        details.budgetLines.map { line in
            LineChoice(id: line.id, budgetId: details.budget.id, name: line.name, kind: line.kind,
                       left: BudgetMath.consumption(of: line, transactions: details.transactions).left)
        }
    }
}
