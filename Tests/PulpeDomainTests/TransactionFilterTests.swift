import Foundation
import Testing
@testable import PulpeDomain

/// The `/` filter: folded, accent-insensitive matching on names and allocated line names, decided as
/// indices the core keeps (moved here from the month panel's tests with the code).
@Suite struct TransactionFilterTests {
    private let created = Date(timeIntervalSince1970: 1_792_000_000)

    private func transaction(_ id: String, _ name: String, line: String? = nil) -> Transaction {
        Transaction(id: id, createdAt: created, updatedAt: created, budgetId: "b", budgetLineId: line, amount: 1, name: name,
                    kind: .expense, transactionDate: created)
    }

    private var details: BudgetDetails {
        let budget = Budget(id: "b", createdAt: created, updatedAt: created, userId: "u", templateId: nil, month: 11, year: 2026,
                            description: "")
        let lines = [BudgetLine(id: "l-groceries", budgetId: "b", name: "Courses", amount: 800, kind: .expense,
                                createdAt: created, updatedAt: created)]
        let transactions = [
            transaction("t01", "Migros Plainpalais", line: "l-groceries"),
            transaction("t02", "Loyer"),
            transaction("t03", "Coop", line: "l-groceries"),
            transaction("t04", "Courses de Noël"),
            transaction("t05", "Cinéma"),
        ]
        return BudgetDetails(budget: budget, transactions: transactions, budgetLines: lines)
    }

    @Test func theFilterIgnoresCaseAndAccents() {
        let electricity = transaction("t06", "Électricité et chauffage — acompte trimestriel (Services industriels de Genève)")
        for query in ["electricite", "ÉLECTRICITÉ", "  Électricité ", "eLeCtRiCiTe ET chauffage"] {
            #expect(TransactionFilter(query).matches(electricity, lineName: nil), "\(query)")
        }
        #expect(!TransactionFilter("électricien").matches(electricity, lineName: nil))

        let epicerie = transaction("e", "L’Épicerie du Cœur")
        #expect(TransactionFilter("l'epicerie").matches(epicerie, lineName: nil))
        #expect(TransactionFilter("coeur").matches(epicerie, lineName: nil))

        let sushi = transaction("t07", "寿司 Sushi Zen Genève — dîner d'anniversaire")
        #expect(TransactionFilter("寿司").matches(sushi, lineName: nil))
        #expect(TransactionFilter("geneve").matches(sushi, lineName: nil))
    }

    /// `#` words name tags (decision 88): each must be in one of the row's tags, accents and case
    /// aside; the other words filter the names as before; a tag created offline by its name.
    @Test func hashWordsFilterByTag() {
        var transactions = details.transactions
        transactions[1].tagIds = ["g-maison"]
        transactions[2].tagIds = ["g-vac", "g-maison"]
        transactions[4].tagIds = [ProvisionalTag.id(for: "Vacances d'été")]
        let names = ["g-vac": "Vacances", "g-maison": "Maison"]
        let ids = { (query: String) in
            TransactionFilter(query).matchingIndices(in: transactions, lineNames: [:], tagNames: names).map { transactions[$0].id }
        }
        #expect(ids("#vac") == ["t03", "t05"])
        #expect(ids("#MAISON") == ["t02", "t03"])
        #expect(ids("#vac #maison") == ["t03"], "every # word")
        #expect(ids("#maison loy") == ["t02"], "and the name")
        #expect(ids("#été") == ["t05"] && ids("#ete") == ["t05"], "accents aside")
        #expect(TransactionFilter("#vac").matches(transactions[2], lineName: nil, tagNames: names))
        #expect(!TransactionFilter("#vac").matches(transactions[1], lineName: nil, tagNames: names))
    }

    /// A tag's name as the server accepts it (decision 94): `#"…"` names it whole — spaces, an
    /// apostrophe, accents, a quote doubled — case and accents aside; `tagWord` writes it so.
    @Test func aQuotedHashWordNamesATagWhole() {
        var transactions = details.transactions
        transactions[1].tagIds = ["g-mon"]
        transactions[2].tagIds = ["g-ete"]
        transactions[3].tagIds = ["g-quote"]
        transactions[4].tagIds = [ProvisionalTag.id(for: "Sortie du soir")]
        let names = ["g-mon": "Mon tag", "g-ete": "Vacances d’été", "g-quote": "Le \"grand\" jour"]
        let ids = { (query: String) in
            TransactionFilter(query).matchingIndices(in: transactions, lineNames: [:], tagNames: names).map { transactions[$0].id }
        }
        #expect(ids(#"#"Mon tag""#) == ["t02"])
        #expect(ids(#"#"mon TAG""#) == ["t02"], "case aside")
        #expect(ids("#Montag").isEmpty, "no tag holds the name without its space")
        #expect(ids(#"#"vacances d'ete""#) == ["t03"], "accents and the apostrophe's form aside")
        #expect(ids(#"#"Le ""grand"" jour""#) == ["t04"], "a quote doubled")
        #expect(ids(#"#"du soir""#) == ["t05"], "a tag created offline, by its name")
        #expect(ids(#"#"Mon tag" loy"#) == ["t02"], "and the name")
        #expect(ids(#"#"Mon ta"#) == ["t02"], "a quote left open runs to the end (the keys as they are typed)")
        #expect(TransactionFilter(#"#"Mon tag" loyer"#).textQuery == "loyer")
        for name in ["Mon tag", "Vacances d’été", "Le \"grand\" jour", "\"début", "simple"] {
            let filter = TransactionFilter(TransactionFilter.tagWord(name))
            #expect(filter.tagWordCount == 1 && filter.namesAnyTag(name), "\(name) → \(TransactionFilter.tagWord(name))")
        }
        #expect(TransactionFilter.tagWord("simple") == "#simple")
        #expect(TransactionFilter.tagWord("Mon tag") == #"#"Mon tag""#)
    }

    @Test func theFilterAlsoMatchesTheAllocatedLineName() {
        let rows = FilteredTransactions(details, filter: TransactionFilter("COURSES"))
        #expect((0..<rows.count).map { details.transactions[rows[$0]].id } == ["t01", "t03", "t04"])
        #expect(rows.total == 5)
        #expect(TransactionFilter("courses").matches(details.transactions[0], lineName: "Courses"))
    }

    @Test func aBlankQueryKeepsEveryRowWithoutAnIndexArray() {
        let blank = FilteredTransactions(details, filter: TransactionFilter("   "))
        #expect(!blank.filter.isActive)
        #expect(blank.count == 5)
        #expect((0..<blank.count).map { blank[$0] } == [0, 1, 2, 3, 4])
        #expect(blank.filter.shownQuery == "")
        #expect(FilteredTransactions.nothing().count == 0)
    }

    @Test func aQueryThatMatchesNothingLeavesNoRows() {
        let none = FilteredTransactions(details, filter: TransactionFilter("fondue"))
        #expect(none.count == 0)
        #expect(none.total == 5)
        #expect(none.filter.shownQuery == "fondue")
    }
}
