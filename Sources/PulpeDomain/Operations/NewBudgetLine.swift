import Foundation

/// `POST /budget-lines` (`budgetLineCreateSchema`): what the terminal creates — a one-off or fixed
/// prévision with its client id.
public struct NewBudgetLine: Hashable, Sendable, Codable {
    public var id: String
    public var budgetId: String
    public var name: String
    /// > 0, no maximum.
    public var amount: Decimal
    public var kind: TransactionKind
    public var recurrence: Recurrence
    public var checkedAt: Date?
    /// Its tags (a tag created offline by its provisional id); nil or empty: none.
    public var tagIds: [String]?
    /// The savings goal a saving prévision counts towards (§15.5); nil: none.
    public var savingsGoalId: String?

    public init(id: String, budgetId: String, name: String, amount: Decimal, kind: TransactionKind,
                recurrence: Recurrence = .oneOff, checkedAt: Date? = nil, tagIds: [String]? = nil, savingsGoalId: String? = nil) {
        self.tagIds = tagIds
        self.savingsGoalId = savingsGoalId
        self.id = id
        self.budgetId = budgetId
        self.name = name
        self.amount = amount
        self.kind = kind
        self.recurrence = recurrence
        self.checkedAt = checkedAt
    }
}
