import Foundation
import PulpeDomain

/// What an intent is resolved against: the month as the panel shows it (what waits applied), the
/// templates when a month is to be created, and the user's time zone (a day → a timestamp).
public struct WriteContext: Hashable, Sendable {
    public var month: BudgetMonth
    /// `.budget` with what waits merged in, or `.noBudget`.
    public var content: MonthContent
    /// The templates a month may be created from (nil: not known — the server did not say).
    public var templates: [TemplatePreview]?
    public var timeZone: LocalZone
    /// The months known to have a budget (the year lists read): a plan says which of its months
    /// the server will skip.
    public var budgetedMonths: Set<BudgetMonth>
    /// The account's tags (the replica's): the names an intent gives are found here.
    public var tags: [Tag]
    /// The account's savings goals (the replica's): a saving prévision's link names one.
    public var savingsGoals: [SavingsGoal]

    public init(month: BudgetMonth, content: MonthContent, templates: [TemplatePreview]? = nil, timeZone: LocalZone,
                budgetedMonths: Set<BudgetMonth> = [], tags: [Tag] = [], savingsGoals: [SavingsGoal] = []) {
        self.tags = tags
        self.savingsGoals = savingsGoals
        self.month = month
        self.content = content
        self.templates = templates
        self.timeZone = timeZone
        self.budgetedMonths = budgetedMonths
    }
}
