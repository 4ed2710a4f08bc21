/// The fields a sparse budget list may ask for (`GET /budgets?fields=…`, docs/contract.md §7).
/// An enum so a typo is a compile error rather than a 400.
public enum BudgetField: String, Sendable, Hashable, CaseIterable {
    case month, year, totalExpenses, totalSavings, totalIncome, remaining, rollover
}
