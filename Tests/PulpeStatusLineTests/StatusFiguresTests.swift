import Testing
@testable import PulpeStatusLine

/// The words of `pulpe status`, the same whether the app or the launcher says them.
struct StatusFiguresTests {
    static let december = StatusFigures(month: "2026-12", monthName: "décembre", amount: "3’908.46 CHF", compact: "3’908 CHF",
                                        remaining: "3908.46", currency: "CHF", pending: 0, fetchedAt: 1_795_704_023.417,
                                        isStale: false)

    @Test func theDefaultLineSaysWhatIsLeftAndWhatWaits() {
        var figures = Self.december
        #expect(figures.line(format: nil, now: 1_795_704_100) == "Disponible décembre : 3’908.46 CHF")
        figures.pending = 2
        #expect(figures.line(format: nil, now: 1_795_704_100) == "Disponible décembre : 3’908.46 CHF · 2 en attente")
        figures.isStale = true
        #expect(figures.line(format: nil, now: 1_795_704_023.417 + 600) == "Disponible décembre : 3’908.46 CHF · 2 en attente · il y a 10 min")
    }

    @Test func aMonthWithoutBudgetShowsADash() {
        var figures = Self.december
        figures.amount = nil
        figures.compact = nil
        figures.remaining = nil
        #expect(figures.line(format: nil, now: 0) == "Disponible décembre : —")
        #expect(figures.line(format: "{compact}|{amount}", now: 0) == "—|—")
        #expect(figures.json.contains("\"remaining\":null"))
    }

    @Test func theFormatFillsEveryPlaceholder() {
        let line = Self.december.line(format: "{month}: {compact} ({amount}) · {pending} · {age} min · {other}", now: 1_795_704_023.417 + 185)
        #expect(line == "décembre: 3’908 CHF (3’908.46 CHF) · 0 · 3 min · {other}")
    }

    @Test func theJSONHasSortedKeysExactAmountsAndAnISODate() {
        #expect(Self.december.json == #"{"currency":"CHF","fetchedAt":"2026-11-26T14:40:23Z","month":"2026-12","pending":0,"#
            + #""remaining":"3908.46","stale":false}"#)
        var unknown = Self.december
        unknown.fetchedAt = nil
        #expect(unknown.json.contains(#""fetchedAt":null"#))
    }

    @Test func onlyPlainValuesAreWrittenUnescaped() {
        #expect(Self.december.isPlain)
        var negative = Self.december
        negative.remaining = "-12.5"
        #expect(negative.isPlain)
        for (currency, month, remaining) in [("C\"F", "2026-12", "1"), ("CHF", "2026-1", "1"), ("CHF", "2026-12", "1\"}"),
                                             ("CHF", "2026-12", "1.2.3"), ("chf", "2026-12", "1"), ("CHF", "20x6-12", "1")] {
            var figures = Self.december
            figures.currency = currency
            figures.month = month
            figures.remaining = remaining
            #expect(!figures.isPlain, "\(currency) \(month) \(remaining)")
        }
    }
}
