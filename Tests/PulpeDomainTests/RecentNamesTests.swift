import Foundation
import PulpeDomain
import Testing

/// Completion of a description from the names already used.
@Suite struct RecentNamesTests {
    private let names = RecentNames(newestFirst: ["Café du Marché", "  ", "Migros", "CAFÉ DU MARCHÉ", "Straße 5", "Cafétéria"])

    @Test func namesAreUniqueNewestSpellingFirst() {
        #expect(names.names == ["Café du Marché", "Migros", "Straße 5", "Cafétéria"])
    }

    @Test func aPrefixIgnoringCaseAndAccentsOffersTheRest() {
        #expect(names.completion(for: "cafe") == NameCompletion(name: "Café du Marché", suffix: " du Marché"))
        #expect(names.completion(for: "CAFÉT") == NameCompletion(name: "Cafétéria", suffix: "éria"))
        #expect(names.completion(for: "strass") == NameCompletion(name: "Straße 5", suffix: "e 5"))
    }

    @Test func nothingForAnEmptyTextAWholeNameOrNoMatch() {
        #expect(names.completion(for: "") == nil)
        #expect(names.completion(for: "migros") == nil)
        #expect(names.completion(for: "x") == nil)
        #expect(names.completion(for: "stras") == nil, "« ß » is not cut in half")
    }

    @Test func transactionsAreReadNewestFirst() {
        func transaction(_ name: String, _ seconds: Double) -> Transaction {
            let when = Date(timeIntervalSince1970: seconds)
            return Transaction(id: name, createdAt: when, updatedAt: when, budgetId: "b", amount: 1, name: name,
                               kind: .expense, transactionDate: when)
        }
        let recent = RecentNames(transactions: [transaction("old", 1), transaction("new", 3), transaction("mid", 2)])
        #expect(recent.names == ["new", "mid", "old"])
    }
}
