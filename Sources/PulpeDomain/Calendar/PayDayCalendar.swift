import Foundation

/// Which budget month a day belongs to, and which days a budget month covers, for a pay day (§11).
///
/// Rules (from the Pulpe shared calculator):
/// - pay day `nil` or 1 (after clamping to 1…31) → calendar months;
/// - otherwise a day on or after the pay day belongs to its calendar month, a day before it to the
///   previous month; then, if the pay day is after the 15th, one month is added (the budget is named
///   after the month holding most of its days);
/// - a period starts on the pay day and ends the day before the next period's pay day.
///
/// Deliberate refinement: the pay day is clamped to the month's length *before* comparing (pay day 31
/// starts February's period on the 28th, or the 29th in a leap year). Upstream compares the raw pay day
/// and so puts the last day of a short month in two periods at once; clamping first makes the periods
/// tile the calendar exactly, and `budgetMonth(for:)` always agrees with `period(of:)`.
public enum PayDayCalendar {
    /// The pay day in 1…31; 1 means "calendar months". `nil`, 0 and negatives become 1, above 31 → 31.
    public static func normalizedPayDay(_ payDay: Int?) -> Int {
        guard let payDay else { return 1 }
        return min(31, max(1, payDay))
    }

    /// The budget month that `day` belongs to.
    public static func budgetMonth(for day: CalendarDay, payDay: Int?) -> BudgetMonth {
        let pay = normalizedPayDay(payDay)
        let calendarMonth = day.calendarMonth
        if pay == 1 { return calendarMonth }
        let effectivePayDay = min(pay, calendarMonth.dayCount)
        let base = day.day >= effectivePayDay ? calendarMonth : calendarMonth.previous
        return pay > 15 ? base.next : base
    }

    /// The budget month that the instant `date` belongs to, seen from `timeZone` (the user's zone).
    public static func budgetMonth(for date: Date, in timeZone: LocalZone, payDay: Int?) -> BudgetMonth {
        budgetMonth(for: CalendarDay(date, in: timeZone), payDay: payDay)
    }

    /// The days covered by budget month `month`.
    public static func period(of month: BudgetMonth, payDay: Int?) -> PayPeriod {
        let pay = normalizedPayDay(payDay)
        if pay == 1 { return PayPeriod(start: month.firstDay, end: month.lastDay) }
        let startMonth = pay > 15 ? month.previous : month
        return PayPeriod(start: payDayDate(in: startMonth, payDay: pay),
                         end: payDayDate(in: startMonth.next, payDay: pay).adding(days: -1))
    }

    /// The pay day of `month`, clamped to its length.
    static func payDayDate(in month: BudgetMonth, payDay: Int) -> CalendarDay {
        let day = min(payDay, month.dayCount)
        return CalendarDay(daysSinceEpoch: CalendarDay.daysFromCivil(year: month.year, month: month.month, day: day))
    }
}
