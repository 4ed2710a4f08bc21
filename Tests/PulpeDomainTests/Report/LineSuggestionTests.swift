import Foundation
import Testing
@testable import PulpeDomain

/// `pulpe line suggest` (issue 61): a prévision's mean, median and last over the months before the
/// current one that had it (the same name and kind), to the cent; a month without it is not counted.
struct LineSuggestionTests {
    typealias Fixture = BudgetReportTests

    @Test func meanMedianAndLastOverTheMonthsThatHadIt() throws {
        let months = [
            Fixture.month(8, lines: [Fixture.line("e8", "Épicerie", 400, .expense, month: 8)],
                          transactions: [Fixture.spend("a", 410.10, line: "e8", month: 8)]),
            Fixture.month(9, lines: [], transactions: []),
            Fixture.month(10, lines: [Fixture.line("e10", "Épicerie", 400, .expense, month: 10)],
                          transactions: [Fixture.spend("b", 380, line: "e10", month: 10), Fixture.spend("c", 20, line: "e10", month: 10)]),
            Fixture.month(11, lines: [Fixture.line("e11", "Épicerie", 400, .expense, month: 11)],
                          transactions: [Fixture.spend("d", 355.55, line: "e11", month: 11)]),
            Fixture.month(12, lines: [Fixture.line("e12", "Épicerie", 450, .expense, month: 12),
                                      Fixture.line("n12", "Nouveau", 50, .expense, month: 12)], transactions: []),
        ]
        let suggestions = LineSuggestion.suggestions(for: months[4], in: months, months: 6)
        let grocery = try #require(suggestions.first { $0.name == "Épicerie" })
        #expect(grocery.current == 450)
        #expect(grocery.history.map(\.month.month) == [8, 10, 11], "September had no Épicerie")
        #expect(grocery.amount(.mean) == Decimal(string: "388.55"), "(410.10 + 400 + 355.55) / 3")
        #expect(grocery.amount(.median) == 400)
        #expect(grocery.amount(.last) == Decimal(string: "355.55"))
        let new = try #require(suggestions.first { $0.name == "Nouveau" })
        #expect(new.history.isEmpty && new.amount(.mean) == nil)
        #expect(LineSuggestion.suggestions(for: months[4], in: months, months: 1).first?.history.count == 1, "only November")
    }
}
