import Foundation

/// « Piocher dans son épargne » (§16.4): an income of `amount` in `month` taken from savings, and
/// its saving back in the next month — one write (`POST /budget-lines/savings-withdrawal`), `groupId`
/// the idempotency key the client draws once.
public struct WithdrawalPlan: Hashable, Sendable, Codable {
    public var groupId: String
    public var budgetId: String
    public var month: BudgetMonth
    public var amount: Decimal
    public var incomeName: String
    public var savingName: String

    public init(groupId: String, budgetId: String, month: BudgetMonth, amount: Decimal, incomeName: String, savingName: String) {
        self.groupId = groupId
        self.budgetId = budgetId
        self.month = month
        self.amount = amount
        self.incomeName = incomeName
        self.savingName = savingName
    }

    /// The names the apps give the pair when the user names neither.
    public static let defaultIncomeName = "Mon épargne"
    public static let defaultSavingName = "Remettre sur ton épargne"
}
