import Foundation

extension Forecast {
    /// Where the current year ends, for the year panel (issue 61): the latest budgeted month's
    /// remaining (the year list's, what waits applied), then each later month of the year planned
    /// by `template` (else the current month's recurring prévisions) — and, at this pace, less
    /// what the current month's free expenses would still take (`paceLoss`). Nil for another year
    /// than today's, or a year without a budget.
    public static func yearEnd(remainingByMonth: [Int: Decimal], year: Int, current: BudgetDetails?, today: CalendarDay,
                               payDay: Int?, template: TemplatePreview?) -> Month? {
        let currentMonth = PayDayCalendar.budgetMonth(for: today, payDay: payDay)
        guard currentMonth.year == year, let latest = remainingByMonth.keys.max(), let closing = remainingByMonth[latest] else { return nil }
        let recurring = current.map { details in details.budgetLines.filter { $0.recurrence == .fixed }.reduce(Decimal(0)) { $0 + $1.signed } }
        let planned = template?.plannedRemaining ?? recurring ?? 0
        let available = closing + planned * Decimal(12 - latest)
        let pace = current.map { paceLoss($0, month: currentMonth, today: today, payDay: payDay) } ?? 0
        let source: Source = latest == 12 ? .budget : template != nil ? .template : .recurring
        return Month(month: BudgetMonth(year: year, month: 12), available: available, projected: available - pace, source: source)
    }
}
