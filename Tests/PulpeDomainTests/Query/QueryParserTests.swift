import Foundation
import Testing
@testable import PulpeDomain

/// The query grammar (issue 61), as a table: each operator, periods (pay day 25), folding, `or`,
/// `not:`, and each error with the column of the word at fault.
struct QueryParserTests {
    static let today = CalendarDay(year: 2026, month: 12, day: 7)!
    static func day(_ text: String) -> CalendarDay { CalendarDay(iso: text)! }
    static func month(_ year: Int, _ month: Int) -> BudgetMonth { BudgetMonth(year: year, month: month) }

    static let rows = [
        QueryRow(id: "a", date: day("2024-03-02"), month: month(2024, 2), name: "Migros Plainpalais", amount: 54.20, kind: .expense,
                 line: "Épicerie", tags: ["Courses"], checked: true),
        QueryRow(id: "b", date: day("2025-11-26"), month: month(2025, 12), name: "Salaire", amount: 7450, kind: .income,
                 line: "Salaire", checked: true),
        QueryRow(id: "c", date: day("2026-11-24"), month: month(2026, 11), name: "Café crème", amount: 4.80, kind: .expense,
                 tags: ["Mon tag", "Sorties"]),
        QueryRow(id: "d", date: day("2026-11-25"), month: month(2026, 12), name: "MIGROS Vevey", amount: 20, kind: .expense,
                 line: "Épicerie", pending: true),
        QueryRow(id: "e", date: day("2026-12-05"), month: month(2026, 12), name: "Virement épargne", amount: 500, kind: .saving,
                 line: "Épargne", checked: true),
    ]

    static func ids(_ query: String) throws -> [String] {
        try QueryParser.parse(query, today: today, payDay: 25).filter(rows).map(\.id)
    }

    @Test(arguments: [
        ("", ["a", "b", "c", "d", "e"]),
        ("migros", ["a", "d"]),
        ("MIGRÔS", ["a", "d"]),
        ("epicerie", ["a", "d"]),
        ("desc:epicerie", []),
        ("line:épicerie", ["a", "d"]),
        ("creme cafe", ["c"]),
        ("\"creme cafe\"", []),
        ("\"cafe creme\"", ["c"]),
        ("tag:courses", ["a"]),
        ("tag:\"mon tag\"", ["c"]),
        ("tag:mon", []),
        ("kind:expense", ["a", "c", "d"]),
        ("kind:épargne", ["e"]),
        ("kind:income", ["b"]),
        ("amt:>20", ["a", "b", "e"]),
        ("amt:>=20", ["a", "b", "d", "e"]),
        ("amt:<20", ["c"]),
        ("amt:<=20", ["c", "d"]),
        ("amt:20..500", ["a", "d", "e"]),
        ("amt:..10", ["c"]),
        ("amt:54.20", ["a"]),
        ("amt:=54,2", ["a"]),
        ("date:2024", ["a"]),
        ("date:2026-12", ["d", "e"]),
        ("date:2026-11-24..2026-11-25", ["c", "d"]),
        ("date:2025-12..", ["b", "c", "d", "e"]),
        ("date:..2025", ["a", "b"]),
        ("date:thismonth", ["d", "e"]),
        ("date:lastmonth", ["c"]),
        ("date:today", []),
        ("date:2026-12-05", ["e"]),
        ("month:2026-11..2026-12", ["c", "d", "e"]),
        ("month:lastyear", ["b"]),
        ("month:thisyear", ["c", "d", "e"]),
        ("checked:yes", ["a", "b", "e"]),
        ("checked:non", ["c", "d"]),
        ("pending:yes", ["d"]),
        ("not:checked:yes", ["c", "d"]),
        ("not:not:pending:yes", ["d"]),
        ("migros amt:>20 date:2024..2026", ["a"]),
        ("tag:sorties or kind:income", ["b", "c"]),
        ("migros date:2024 or salaire", ["a", "b"]),
        ("migros or \"or\"", ["a", "d"]),
        ("not:migros kind:expense", ["c"]),
        ("https://example.ch", []),
    ])
    func eachFormFindsItsRows(query: String, expected: [String]) throws {
        #expect(try Self.ids(query) == expected, "\(query)")
    }

    @Test(arguments: [
        ("foo:bar", QueryError(.unknownField("foo"), column: 1, word: "foo:bar")),
        ("migros tag:", QueryError(.emptyValue(field: "tag"), column: 8, word: "tag:")),
        ("amt:>abc", QueryError(.badAmount, column: 1, word: "amt:>abc")),
        ("amt:1.234", QueryError(.badAmount, column: 1, word: "amt:1.234")),
        ("amt:50..20", QueryError(.badAmount, column: 1, word: "amt:50..20")),
        ("x date:2026-13", QueryError(.badPeriod, column: 3, word: "date:2026-13")),
        ("date:2026-02-30", QueryError(.badPeriod, column: 1, word: "date:2026-02-30")),
        ("date:2026..2025", QueryError(.badPeriod, column: 1, word: "date:2026..2025")),
        ("month:2026-03-01", QueryError(.daysInMonth, column: 1, word: "month:2026-03-01")),
        ("kind:loyer", QueryError(.badKind, column: 1, word: "kind:loyer")),
        ("checked:peut-être", QueryError(.badYesNo, column: 1, word: "checked:peut-être")),
        ("or migros", QueryError(.danglingOr, column: 1, word: "or")),
        ("migros or", QueryError(.danglingOr, column: 8, word: "or")),
        ("migros not:", QueryError(.danglingNot, column: 8, word: "not:")),
        ("tag:\"mon tag", QueryError(.unclosedQuote, column: 5, word: "\"mon tag")),
    ])
    func eachMistakeSaysWhere(query: String, error: QueryError) {
        #expect(throws: error) { try QueryParser.parse(query, today: Self.today, payDay: 25) }
    }

    @Test func theEnglishSentenceNamesTheColumnAndTheWord() {
        let error = QueryError(.badAmount, column: 8, word: "amt:>abc")
        #expect(error.description == "column 8: `amt:>abc`: an amount is a number such as 20 or 12.50, with >, >=, <, <= or a range 20..50")
    }
}
