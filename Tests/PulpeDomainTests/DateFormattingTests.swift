import Foundation
import Testing
@testable import PulpeDomain

@Suite("French months and dates (§12)")
struct DateFormattingTests {
    @Test func fullNames() {
        #expect(FrenchMonths.names == ["Janvier", "Février", "Mars", "Avril", "Mai", "Juin",
                                       "Juillet", "Août", "Septembre", "Octobre", "Novembre", "Décembre"])
        #expect(FrenchMonths.title(BudgetMonth(year: 2026, month: 11)) == "Novembre 2026")
        #expect(FrenchMonths.title(BudgetMonth(year: 2027, month: 2)) == "Février 2027")
        #expect(FrenchMonths.lowercaseName(11) == "novembre")
        #expect(FrenchMonths.lowercaseName(8) == "août")
        #expect(FrenchMonths.name(13) == "Janvier")
        #expect(FrenchMonths.name(0) == "Décembre")
    }

    @Test func shortNamesExactly() {
        #expect((1...12).map(FrenchMonths.shortName) == ["Janv.", "Févr.", "Mars", "Avr.", "Mai", "Juin",
                                                          "Juil.", "Août", "Sept.", "Oct.", "Nov.", "Déc."])
    }

    @Test func days() {
        #expect(DateFormatting.swissDate(day(2026, 11, 21)) == "21.11.2026")
        #expect(DateFormatting.swissDate(day(2026, 3, 5)) == "05.03.2026")
        #expect(DateFormatting.compactDate(day(2026, 11, 21)) == "21.11.")
        #expect(DateFormatting.compactDate(day(2026, 1, 2)) == "02.01.")
        #expect(DateFormatting.dayAndShortMonth(day(2026, 11, 21)) == "21 nov.")
        #expect(DateFormatting.dayAndShortMonth(day(2026, 8, 3)) == "3 août")
        #expect(DateFormatting.dayAndShortMonth(day(2026, 2, 14)) == "14 févr.")
    }

    @Test func instantsInTimeZone() {
        let late = instant("2026-11-20T23:30:00Z")
        #expect(DateFormatting.swissDate(late, in: zurich) == "21.11.2026")
        #expect(DateFormatting.swissDate(late, in: utc) == "20.11.2026")
        #expect(DateFormatting.compactDate(late, in: zurich) == "21.11.")
        #expect(DateFormatting.time(instant("2026-11-21T13:32:59Z"), in: zurich) == "14:32")
        #expect(DateFormatting.time(instant("2026-07-21T13:32:00Z"), in: zurich) == "15:32")
        #expect(DateFormatting.time(instant("2026-07-21T00:05:00Z"), in: utc) == "00:05")
        #expect(DateFormatting.time(late, in: zurich) == "00:30")
    }

    @Test func cacheStampsSayTheDayWhenItIsNotToday() {
        let now = instant("2026-11-21T16:00:00Z")
        #expect(DateFormatting.stamp(instant("2026-11-21T13:32:00Z"), now: now, in: zurich) == "14:32")
        #expect(DateFormatting.stamp(instant("2026-11-20T13:32:00Z"), now: now, in: zurich) == "20.11. à 14:32")
        #expect(DateFormatting.stamp(instant("2025-12-30T13:32:00Z"), now: now, in: zurich) == "30.12.2025 à 14:32")
        // The day is the user's: 23:30 UTC on the 20th is already the 21st in Zurich.
        #expect(DateFormatting.stamp(instant("2026-11-20T23:30:00Z"), now: now, in: zurich) == "00:30")
    }

    @Test func periodLine() {
        let period = PayDayCalendar.period(of: BudgetMonth(year: 2026, month: 3), payDay: 20)
        #expect(DateFormatting.period(period) == "20.02. \u{2013} 19.03.")
    }
}
