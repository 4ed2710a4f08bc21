import Foundation
import PropertyBased
import Testing
@testable import PulpeDomain

/// §11 for any pay day and any day: the budget months tile the calendar, with no day in two
/// periods and none in none — an expense always lands in exactly one month.
@Suite("Pay-day periods (§11), for any pay day")
struct PayPeriodProperties {
    @Test func everyDayBelongsToThePeriodOfItsBudgetMonthAndToNoOther() async {
        await propertyCheck(input: DomainGen.day, DomainGen.payDay) { day, payDay in
            let month = PayDayCalendar.budgetMonth(for: day, payDay: payDay)
            #expect(PayDayCalendar.period(of: month, payDay: payDay).contains(day))
            let holders = (-3...3).map { month.advanced(by: $0) }.filter {
                PayDayCalendar.period(of: $0, payDay: payDay).contains(day)
            }
            #expect(holders == [month])
        }
    }

    @Test func consecutivePeriodsMeetWithoutGapOrOverlap() async {
        await propertyCheck(input: DomainGen.month, DomainGen.payDay) { month, payDay in
            let period = PayDayCalendar.period(of: month, payDay: payDay)
            let next = PayDayCalendar.period(of: month.next, payDay: payDay)
            #expect(period.end.adding(days: 1) == next.start)
            #expect((28...31).contains(period.dayCount))
            // Both ends of a period belong to it, by the day-to-month rule too.
            #expect(PayDayCalendar.budgetMonth(for: period.start, payDay: payDay) == month)
            #expect(PayDayCalendar.budgetMonth(for: period.end, payDay: payDay) == month)
        }
    }

    /// The rule as §11 words it, for pay days 2…31 (clamped to the month's length, decision in
    /// `PayDayCalendar`): on or after the pay day → this calendar month, else the previous one;
    /// then one month later when the pay day is after the 15th.
    @Test func theBudgetMonthFollowsTheWordsOfTheSpec() async {
        await propertyCheck(input: DomainGen.day, Gen.int(in: 2...31)) { day, payDay in
            let effective = min(payDay, day.calendarMonth.dayCount)
            var expected = day.day >= effective ? day.calendarMonth : day.calendarMonth.previous
            if payDay > 15 { expected = expected.next }
            #expect(PayDayCalendar.budgetMonth(for: day, payDay: payDay) == expected)
        }
    }

    @Test func calendarMonthsWhenThePayDayIsOneOrUnset() async {
        await propertyCheck(input: DomainGen.day, Gen.element(of: [nil, 1, 0, -2])) { day, payDay in
            #expect(PayDayCalendar.budgetMonth(for: day, payDay: payDay ?? nil) == day.calendarMonth)
        }
    }
}
