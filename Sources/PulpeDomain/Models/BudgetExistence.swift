import Foundation

/// `GET /api/v1/budgets/exists` → `{"hasBudget":bool}` (not enveloped).
public struct BudgetExistence: Sendable, Hashable, Codable {
    public var hasBudget: Bool

    public init(hasBudget: Bool) {
        self.hasBudget = hasBudget
    }
}
