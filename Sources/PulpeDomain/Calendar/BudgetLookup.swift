/// Which budget a day's transaction belongs to: the budget month of its pay-day period
/// (docs/contract.md §11), found in a year's sparse list. The quick-add form and `pulpe add` resolve
/// a date this way before anything is stored.
public enum BudgetLookup {
    public static func budget(for day: CalendarDay, payDay: Int?, in summaries: [BudgetSummary]) -> (BudgetMonth, BudgetSummary?) {
        let month = PayDayCalendar.budgetMonth(for: day, payDay: payDay)
        return (month, summaries.first { $0.month == month.month && $0.year == month.year })
    }
}
