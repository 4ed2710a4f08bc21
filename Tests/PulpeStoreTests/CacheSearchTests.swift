import Foundation
import PulpeDomain
import Testing
@testable import PulpeStore

/// The search across months in SQL (`CacheStore.search`, `pulpe_contains`) finds exactly what
/// `SearchHit.hits` finds month by month over the same details: names and prévision names,
/// accents, case, ligatures and typographic apostrophes aside, on random months.
@Suite struct CacheSearchTests {
    static let names = ["Électricité", "L’Épicerie du coin", "Cœur de bœuf", "Straße 12", "café", "CAFÉ CRÈME", "🍕 Pizza",
                        "Migros", "Coop Pronto", "Loyer", "Ænéide", "crème brûlée", "Zoo", "naïve", "Ça va"]
    static let queries = ["e", "cafe", "CAFÉ", "epi", "l'epicerie", "oe", "ss", "pizza", "🍕", "é", "zz", "ae", "coop", "loy",
                          "ca va", "  migros  ", "x"]

    /// A generator with a seed, so a failure replays.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func month(_ month: BudgetMonth, count: Int, random: inout Seeded) -> BudgetDetails {
        let budgetId = "budget-\(month)"
        let budget = Budget(id: budgetId, createdAt: Fixtures.t0, updatedAt: Fixtures.t0, userId: "user-ana", templateId: nil,
                            month: month.month, year: month.year)
        let lines = (0..<4).map { index in
            BudgetLine(id: "line-\(month)-\(index)", budgetId: budgetId, name: names.randomElement(using: &random)!,
                       amount: Decimal(100 * (index + 1)), kind: .expense, createdAt: Fixtures.t0, updatedAt: Fixtures.t0)
        }
        let transactions = (0..<count).map { index in
            Transaction(id: "tx-\(month)-\(index)", createdAt: Fixtures.t0, updatedAt: Fixtures.t0, budgetId: budgetId,
                        budgetLineId: Bool.random(using: &random) ? lines.randomElement(using: &random)!.id : nil,
                        amount: Decimal(index) / 4, name: "\(names.randomElement(using: &random)!) \(index)",
                        kind: index % 7 == 0 ? .income : .expense, transactionDate: Fixtures.t0.addingTimeInterval(Double(index) * 3600))
        }
        return BudgetDetails(budget: budget, transactions: transactions, budgetLines: lines)
    }

    /// `#` words (decision 88): the cache reads only the rows that carry a tag and finds what
    /// `SearchHit.hits` finds over the same month — tagged transactions and prévisions.
    @Test func aSearchByTagFindsWhatTheMonthByMonthSearchFinds() {
        let store = CacheStore.inMemory()
        var random = Seeded(state: 7)
        var details = Self.month(Fixtures.november, count: 60, random: &random)
        let tags = ["g-vac", "g-resto", ProvisionalTag.id(for: "Maison")]
        for index in details.transactions.indices where index % 3 == 0 { details.transactions[index].tagIds = [tags[index % 2]] }
        details.transactions[5].tagIds = tags
        details.budgetLines[1].tagIds = ["g-vac"]
        details = BudgetDetails(budget: details.budget, transactions: details.transactions, budgetLines: details.budgetLines)
        store.saveMonth(details, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        let names = ["g-vac": "Vacances", "g-resto": "Resto"]
        for query in ["#vac", "#RESTO", "#vac #resto", "#maison", "#vac migros", "#inconnu", "#é"] {
            let sql = store.search(query, scope: Fixtures.ana, tagNames: names).map(\.id).sorted()
            let byMonth = SearchHit.hits(query, in: details, month: Fixtures.november, tagNames: names).map(\.id).sorted()
            #expect(sql == byMonth, "« \(query) »")
        }
        #expect(store.search("#vac", scope: Fixtures.ana, tagNames: names).contains { $0.itemType == .budgetLine })
        #expect(!store.search("#vac", scope: Fixtures.ana, tagNames: names).isEmpty)
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func theSQLSearchFindsWhatTheMonthByMonthSearchFinds(seed: UInt64) {
        var random = Seeded(state: seed)
        let store = CacheStore.inMemory()
        let months = [BudgetMonth(year: 2025, month: 12), BudgetMonth(year: 2026, month: 1), BudgetMonth(year: 2026, month: 11)]
        var all: [BudgetMonth: BudgetDetails] = [:]
        for month in months {
            let details = Self.month(month, count: Int.random(in: 0...60, using: &random), random: &random)
            all[month] = details
            store.saveMonth(details, month: month, scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        }
        store.saveMonth(nil, month: BudgetMonth(year: 2026, month: 2), scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        for query in Self.queries {
            let expected = months.flatMap { SearchHit.hits(query, in: all[$0]!, month: $0) }
            #expect(Set(store.search(query, scope: Fixtures.ana)) == Set(expected), "« \(query) », seed \(seed)")
            let in2026 = months.filter { $0.year == 2026 }.flatMap { SearchHit.hits(query, in: all[$0]!, month: $0) }
            #expect(Set(store.search(query, scope: Fixtures.ana, years: [2026])) == Set(in2026), "« \(query) » in 2026")
            let excluded = BudgetMonth(year: 2026, month: 11)
            let others = months.filter { $0 != excluded }.flatMap { SearchHit.hits(query, in: all[$0]!, month: $0) }
            #expect(Set(store.search(query, scope: Fixtures.ana, excluding: [excluded])) == Set(others), "« \(query) » but November")
            #expect(store.search(query, scope: Fixtures.ben).isEmpty, "another scope sees nothing")
        }
    }

    @Test func aBlankQueryFindsNothing() {
        let store = CacheStore.inMemory()
        store.saveMonth(Fixtures.details(transactionCount: 5), month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        #expect(store.search("   ", scope: Fixtures.ana).isEmpty)
        #expect(store.search("dépense 3", scope: Fixtures.ana).map(\.id) == ["tx-3"])
    }

    @Test func foldingUTF8BytesAgreesWithFoldingStrings() {
        for name in Self.names {
            for query in Self.queries {
                let needle = SearchFolding.foldedNeedle(query)
                var scratch: [UInt8] = []
                let viaString = needle.isEmpty || SearchFolding.text(name, contains: needle, scratch: &scratch)
                let bytes = Array(name.utf8)
                let viaBytes = bytes.withUnsafeBufferPointer { text in needle.withUnsafeBufferPointer { SearchFolding.utf8(text, contains: $0) } }
                #expect(viaBytes == viaString, "« \(name) » ∋ « \(query) »")
            }
        }
    }
}
