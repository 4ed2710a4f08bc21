import Foundation
import Testing
@testable import PulpeDomain

@Suite("CalendarDay and BudgetMonth")
struct CalendarTests {
    @Test func leapYears() {
        #expect(CalendarDay.isLeapYear(2024))
        #expect(!CalendarDay.isLeapYear(2025))
        #expect(!CalendarDay.isLeapYear(1900))
        #expect(CalendarDay.isLeapYear(2000))
        #expect(!CalendarDay.isLeapYear(2100))
        #expect(CalendarDay.daysInMonth(year: 2024, month: 2) == 29)
        #expect(CalendarDay.daysInMonth(year: 2026, month: 2) == 28)
        #expect(CalendarDay.daysInMonth(year: 2026, month: 4) == 30)
        #expect(CalendarDay.daysInMonth(year: 2026, month: 12) == 31)
        #expect(CalendarDay.daysInMonth(year: 2026, month: 13) == 0)
    }

    @Test func validation() {
        #expect(CalendarDay(year: 2024, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 2026, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2026, month: 4, day: 31) == nil)
        #expect(CalendarDay(year: 2026, month: 0, day: 1) == nil)
        #expect(CalendarDay(year: 2026, month: 1, day: 0) == nil)
    }

    @Test func epochArithmetic() {
        #expect(day(1970, 1, 1).daysSinceEpoch == 0)
        #expect(day(1969, 12, 31).daysSinceEpoch == -1)
        #expect(day(2026, 8, 7).daysSinceEpoch == 20_672)
        #expect(day(2000, 3, 1).daysSinceEpoch == 11_017)
        #expect(CalendarDay(daysSinceEpoch: 20_672) == day(2026, 8, 7))
        #expect(day(2024, 2, 28).adding(days: 1) == day(2024, 2, 29))
        #expect(day(2025, 2, 28).adding(days: 1) == day(2025, 3, 1))
        #expect(day(2025, 12, 31).adding(days: 1) == day(2026, 1, 1))
        #expect(day(2026, 1, 1).adding(days: -1) == day(2025, 12, 31))
        // Every day of four centuries converts both ways.
        for n in stride(from: -80_000, through: 80_000, by: 1) {
            let d = CalendarDay(daysSinceEpoch: n)
            #expect(d.daysSinceEpoch == n)
            if n % 40_000 == 0 { #expect(CalendarDay(year: d.year, month: d.month, day: d.day) == d) }
        }
    }

    @Test func weekday() {
        #expect(day(1970, 1, 1).isoWeekday == 4)
        #expect(day(2026, 11, 21).isoWeekday == 6)
        #expect(day(1969, 12, 29).isoWeekday == 1)
    }

    @Test func fromDateInTimeZone() {
        let lateUTC = instant("2026-11-20T23:30:00Z")
        #expect(CalendarDay(lateUTC, in: utc) == day(2026, 11, 20))
        #expect(CalendarDay(lateUTC, in: zurich) == day(2026, 11, 21))
        let summer = instant("2026-07-31T22:00:00Z")
        #expect(CalendarDay(summer, in: zurich) == day(2026, 8, 1))
        #expect(CalendarDay(instant("1969-12-31T23:59:59Z"), in: utc) == day(1969, 12, 31))
    }

    /// The app's zone comes from the C library (no ICU); it must agree with Foundation's reading of
    /// the same machine settings (`TZ`, `/etc/localtime`) in winter, in summer and across years.
    @Test func systemZoneAgreesWithFoundation() {
        for text in ["2026-01-15T12:00:00Z", "2026-07-15T12:00:00Z", "2026-03-29T00:30:00Z", "2026-03-29T01:30:00Z",
                     "2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z", "1999-12-31T23:59:59Z", "2038-06-01T00:00:00Z"] {
            let date = instant(text)
            #expect(LocalZone.system.secondsFromGMT(for: date) == TimeZone.current.secondsFromGMT(for: date), "\(text)")
        }
        #expect(LocalZone.fixed(secondsFromGMT: -18_000).secondsFromGMT(for: instant("2026-07-15T12:00:00Z")) == -18_000)
        #expect(CalendarDay(instant("2026-11-21T03:00:00Z"), in: .fixed(secondsFromGMT: -18_000)) == day(2026, 11, 20))
    }

    @Test func startOfDay() {
        #expect(day(2026, 11, 21).startDate(in: zurich) == instant("2026-11-20T23:00:00Z"))
        #expect(day(2026, 7, 1).startDate(in: zurich) == instant("2026-06-30T22:00:00Z"))
        #expect(day(2026, 3, 29).startDate(in: zurich) == instant("2026-03-28T23:00:00Z")) // DST starts at 02:00 that day
        #expect(day(2026, 3, 30).startDate(in: zurich) == instant("2026-03-29T22:00:00Z"))
        #expect(day(2026, 3, 30).startDate(in: utc) == instant("2026-03-30T00:00:00Z"))
    }

    @Test func isoText() throws {
        #expect(day(2026, 3, 5).description == "2026-03-05")
        #expect(CalendarDay(iso: "2024-02-29") == day(2024, 2, 29))
        #expect(CalendarDay(iso: "2025-02-29") == nil)
        #expect(CalendarDay(iso: "2025-2-28") == nil)
        #expect(CalendarDay(iso: "２０２５-02-28") == nil)
        #expect(try encodeText([day(2026, 3, 5)]) == #"["2026-03-05"]"#)
        #expect(try decode([CalendarDay].self, #"["2026-03-05"]"#) == [day(2026, 3, 5)])
        #expect(throws: (any Error).self) { try decode([CalendarDay].self, #"["2026-02-30"]"#) }
    }

    @Test func budgetMonthArithmetic() {
        let december = BudgetMonth(year: 2026, month: 12)
        #expect(december.next == BudgetMonth(year: 2027, month: 1))
        #expect(BudgetMonth(year: 2027, month: 1).previous == december)
        #expect(december.advanced(by: 14) == BudgetMonth(year: 2028, month: 2))
        #expect(december.advanced(by: -12) == BudgetMonth(year: 2025, month: 12))
        #expect(BudgetMonth(year: 2026, month: 13) == BudgetMonth(year: 2027, month: 1))
        #expect(BudgetMonth(year: 2026, month: 0) == BudgetMonth(year: 2025, month: 12))
        #expect(BudgetMonth(year: 2026, month: -11) == BudgetMonth(year: 2025, month: 1))
        #expect(BudgetMonth(year: 2025, month: 11).months(to: BudgetMonth(year: 2026, month: 2)) == 3)
        #expect(BudgetMonth(year: 2025, month: 12) < BudgetMonth(year: 2026, month: 1))
        #expect(BudgetMonth(year: 2026, month: 2) > BudgetMonth(year: 2026, month: 1))
        #expect(BudgetMonth(year: 2024, month: 2).lastDay == day(2024, 2, 29))
        #expect(BudgetMonth(year: 2026, month: 2).lastDay == day(2026, 2, 28))
        #expect(BudgetMonth(year: 2026, month: 2).firstDay == day(2026, 2, 1))
        #expect(BudgetMonth(year: 2026, month: 3).description == "2026-03")
    }

    @Test func budgetMonthCoding() throws {
        #expect(try encodeText(BudgetMonth(year: 2026, month: 11)) == #"{"month":11,"year":2026}"#)
        #expect(try decode(BudgetMonth.self, #"{"month":11,"year":2026}"#) == BudgetMonth(year: 2026, month: 11))
        #expect(throws: (any Error).self) { try decode(BudgetMonth.self, #"{"month":13,"year":2026}"#) }
    }
}
