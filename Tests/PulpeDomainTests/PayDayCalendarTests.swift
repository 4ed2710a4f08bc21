import Foundation
import Testing
@testable import PulpeDomain

@Suite("Pay-day periods (§11)")
struct PayDayCalendarTests {
    func month(_ year: Int, _ month: Int) -> BudgetMonth { BudgetMonth(year: year, month: month) }

    // MARK: Examples of §11

    @Test func payDay5() {
        #expect(PayDayCalendar.budgetMonth(for: day(2025, 3, 5), payDay: 5) == month(2025, 3))
        #expect(PayDayCalendar.budgetMonth(for: day(2025, 3, 4), payDay: 5) == month(2025, 2))
    }

    @Test func payDay27() {
        #expect(PayDayCalendar.budgetMonth(for: day(2025, 1, 26), payDay: 27) == month(2025, 1))
        #expect(PayDayCalendar.budgetMonth(for: day(2025, 1, 27), payDay: 27) == month(2025, 2))
    }

    @Test func march2026WithPayDay20() {
        let period = PayDayCalendar.period(of: month(2026, 3), payDay: 20)
        #expect(period.start == day(2026, 2, 20))
        #expect(period.end == day(2026, 3, 19))
        #expect(period.dayCount == 28)
    }

    // MARK: Calendar months

    @Test func calendarMonthsForNilAndOne() {
        for payDay in [nil, 1, 0, -3] as [Int?] {
            #expect(PayDayCalendar.budgetMonth(for: day(2026, 11, 1), payDay: payDay) == month(2026, 11))
            #expect(PayDayCalendar.budgetMonth(for: day(2026, 11, 30), payDay: payDay) == month(2026, 11))
            let period = PayDayCalendar.period(of: month(2024, 2), payDay: payDay)
            #expect(period == PayPeriod(start: day(2024, 2, 1), end: day(2024, 2, 29)))
        }
        #expect(PayDayCalendar.normalizedPayDay(nil) == 1)
        #expect(PayDayCalendar.normalizedPayDay(0) == 1)
        #expect(PayDayCalendar.normalizedPayDay(15) == 15)
        #expect(PayDayCalendar.normalizedPayDay(31) == 31)
        #expect(PayDayCalendar.normalizedPayDay(45) == 31)
    }

    // MARK: Quinzaine boundary

    @Test func payDay15NamesAfterTheStartMonth() {
        #expect(PayDayCalendar.budgetMonth(for: day(2026, 3, 15), payDay: 15) == month(2026, 3))
        #expect(PayDayCalendar.budgetMonth(for: day(2026, 3, 14), payDay: 15) == month(2026, 2))
        #expect(PayDayCalendar.period(of: month(2026, 3), payDay: 15) == PayPeriod(start: day(2026, 3, 15), end: day(2026, 4, 14)))
    }

    @Test func payDay16NamesAfterTheEndMonth() {
        #expect(PayDayCalendar.budgetMonth(for: day(2026, 3, 16), payDay: 16) == month(2026, 4))
        #expect(PayDayCalendar.budgetMonth(for: day(2026, 3, 15), payDay: 16) == month(2026, 3))
        #expect(PayDayCalendar.period(of: month(2026, 3), payDay: 16) == PayPeriod(start: day(2026, 2, 16), end: day(2026, 3, 15)))
    }

    // MARK: Year boundaries

    @Test func decemberIntoJanuaryWithLatePayDay() {
        #expect(PayDayCalendar.budgetMonth(for: day(2025, 12, 25), payDay: 25) == month(2026, 1))
        #expect(PayDayCalendar.budgetMonth(for: day(2025, 12, 24), payDay: 25) == month(2025, 12))
        #expect(PayDayCalendar.budgetMonth(for: day(2026, 1, 24), payDay: 25) == month(2026, 1))
        #expect(PayDayCalendar.period(of: month(2026, 1), payDay: 25) == PayPeriod(start: day(2025, 12, 25), end: day(2026, 1, 24)))
    }

    @Test func januaryBackIntoDecemberWithEarlyPayDay() {
        #expect(PayDayCalendar.budgetMonth(for: day(2026, 1, 4), payDay: 5) == month(2025, 12))
        #expect(PayDayCalendar.period(of: month(2025, 12), payDay: 5) == PayPeriod(start: day(2025, 12, 5), end: day(2026, 1, 4)))
    }

    // MARK: Short months

    @Test func payDay31InFebruaryNonLeap() {
        // March 2026 starts on the clamped pay day 28 Feb; February's period ends the day before.
        #expect(PayDayCalendar.period(of: month(2026, 3), payDay: 31) == PayPeriod(start: day(2026, 2, 28), end: day(2026, 3, 30)))
        #expect(PayDayCalendar.period(of: month(2026, 2), payDay: 31) == PayPeriod(start: day(2026, 1, 31), end: day(2026, 2, 27)))
        #expect(PayDayCalendar.period(of: month(2026, 5), payDay: 31) == PayPeriod(start: day(2026, 4, 30), end: day(2026, 5, 30)))
        #expect(PayDayCalendar.budgetMonth(for: day(2026, 2, 27), payDay: 31) == month(2026, 2))
        #expect(PayDayCalendar.budgetMonth(for: day(2026, 2, 28), payDay: 31) == month(2026, 3))
        #expect(PayDayCalendar.budgetMonth(for: day(2026, 3, 30), payDay: 31) == month(2026, 3))
        #expect(PayDayCalendar.budgetMonth(for: day(2026, 3, 31), payDay: 31) == month(2026, 4))
    }

    @Test func payDay31InFebruaryLeap() {
        #expect(PayDayCalendar.period(of: month(2024, 3), payDay: 31) == PayPeriod(start: day(2024, 2, 29), end: day(2024, 3, 30)))
        #expect(PayDayCalendar.budgetMonth(for: day(2024, 2, 28), payDay: 31) == month(2024, 2))
        #expect(PayDayCalendar.budgetMonth(for: day(2024, 2, 29), payDay: 31) == month(2024, 3))
    }

    @Test func payDay30InFebruary() {
        #expect(PayDayCalendar.period(of: month(2026, 3), payDay: 30) == PayPeriod(start: day(2026, 2, 28), end: day(2026, 3, 29)))
        #expect(PayDayCalendar.period(of: month(2024, 3), payDay: 30) == PayPeriod(start: day(2024, 2, 29), end: day(2024, 3, 29)))
        #expect(PayDayCalendar.period(of: month(2024, 2), payDay: 30) == PayPeriod(start: day(2024, 1, 30), end: day(2024, 2, 28)))
        #expect(PayDayCalendar.budgetMonth(for: day(2024, 2, 29), payDay: 30) == month(2024, 3))
        #expect(PayDayCalendar.budgetMonth(for: day(2024, 2, 28), payDay: 30) == month(2024, 2))
    }

    @Test func payDay29InFebruary() {
        // Leap year: 29 Feb is the real pay day. Non-leap: it clamps to 28 Feb.
        #expect(PayDayCalendar.period(of: month(2024, 3), payDay: 29) == PayPeriod(start: day(2024, 2, 29), end: day(2024, 3, 28)))
        #expect(PayDayCalendar.period(of: month(2024, 2), payDay: 29) == PayPeriod(start: day(2024, 1, 29), end: day(2024, 2, 28)))
        #expect(PayDayCalendar.period(of: month(2025, 3), payDay: 29) == PayPeriod(start: day(2025, 2, 28), end: day(2025, 3, 28)))
        #expect(PayDayCalendar.period(of: month(2025, 2), payDay: 29) == PayPeriod(start: day(2025, 1, 29), end: day(2025, 2, 27)))
        #expect(PayDayCalendar.budgetMonth(for: day(2025, 2, 28), payDay: 29) == month(2025, 3))
        #expect(PayDayCalendar.budgetMonth(for: day(2024, 2, 28), payDay: 29) == month(2024, 2))
        #expect(PayDayCalendar.budgetMonth(for: day(2024, 2, 29), payDay: 29) == month(2024, 3))
    }

    // MARK: Invariants

    @Test("periods tile the calendar and agree with budgetMonth", arguments: Array(1...31))
    func tiling(payDay: Int) {
        var current = BudgetMonth(year: 2023, month: 11)
        var period = PayDayCalendar.period(of: current, payDay: payDay)
        for _ in 0..<30 {
            let next = PayDayCalendar.period(of: current.next, payDay: payDay)
            #expect(next.start == period.end.adding(days: 1), "payDay \(payDay) \(current)")
            #expect(period.dayCount >= 28 && period.dayCount <= 31)
            for offset in 0..<period.dayCount {
                let d = period.start.adding(days: offset)
                #expect(PayDayCalendar.budgetMonth(for: d, payDay: payDay) == current, "payDay \(payDay) \(d)")
            }
            current = current.next
            period = next
        }
    }

    @Test func fromInstantInTimeZone() {
        // 23:30 UTC on 4 March is 00:30 on 5 March in Zurich: the new period already.
        let date = instant("2025-03-04T23:30:00Z")
        #expect(PayDayCalendar.budgetMonth(for: date, in: utc, payDay: 5) == month(2025, 2))
        #expect(PayDayCalendar.budgetMonth(for: date, in: zurich, payDay: 5) == month(2025, 3))
    }

    @Test func periodContains() {
        let period = PayDayCalendar.period(of: month(2026, 3), payDay: 20)
        #expect(period.contains(day(2026, 2, 20)))
        #expect(period.contains(day(2026, 3, 19)))
        #expect(!period.contains(day(2026, 2, 19)))
        #expect(!period.contains(day(2026, 3, 20)))
    }
}
