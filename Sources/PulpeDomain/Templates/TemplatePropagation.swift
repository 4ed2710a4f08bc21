import Foundation

/// What a template batch with `propagateToBudgets` will change, read from the replica before it is
/// stored (§16.5, the server's rule): the months made from the template from the current pay-day
/// period on, and in each the lines that follow — linked to a changed template line and not
/// adjusted by hand; a created line is added to every such month. Shown first, then stored.
public enum TemplatePropagation {
    public struct Month: Hashable, Sendable {
        public var month: BudgetMonth
        /// Lines of the month the batch rewrites or deletes (a created line adds one more).
        public var lines: Int
        /// Lines linked to a changed template line that stay: adjusted by hand.
        public var adjusted: Int
    }

    public static func preview(_ batch: TemplateLineBatch, templateId: String, months: [BudgetDetails],
                               from current: BudgetMonth) -> [Month] {
        let touched = Set(batch.update.map(\.id) + batch.delete)
        return months.compactMap { details -> Month? in
            let month = BudgetMonth(year: details.budget.year, month: details.budget.month)
            guard month >= current, details.budget.templateId == templateId else { return nil }
            let linked = details.budgetLines.filter { $0.templateLineId.map(touched.contains) == true }
            let following = linked.count { !$0.isManuallyAdjusted }
            return Month(month: month, lines: following + batch.create.count, adjusted: linked.count - following)
        }.sorted { $0.month < $1.month }
    }
}
