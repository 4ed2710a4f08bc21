import Foundation
import PulpeDomain
import Testing
@testable import PulpeStore

/// `pulpe query` in SQL (decision 118): over random months, the rows `queryMonths` lets through,
/// filtered by the query, are exactly what the query keeps of every row read whole — for words,
/// fields, periods, amounts, `or`, `not:` and the months read whole for the outbox.
@Suite struct CacheQueryTests {
    typealias Search = CacheSearchTests
    static let today = CalendarDay(year: 2026, month: 11, day: 21)!
    static let queries = ["", "cafe", "migros amt:>20", "desc:coop kind:income", "line:loyer", "amt:2..6 date:2026-11",
                          "kind:expense checked:no", "checked:yes", "amt:<=1.25", "amt:>=3.5 not:desc:pizza",
                          "cafe or migros", "date:2026-11-01..2026-11-02", "month:2026-10..2026-11 amt:>10", "not:kind:expense",
                          "line:e desc:e", "x", "date:thismonth", "date:2026-09"]

    @Test func theCandidatesFilteredAreWhatTheQueryKeepsOfEveryRow() throws {
        let store = CacheStore.inMemory()
        var random = Search.Seeded(state: 11)
        var months: [BudgetDetails] = []
        for month in [BudgetMonth(year: 2026, month: 9), BudgetMonth(year: 2026, month: 10), Fixtures.november] {
            var details = Search.month(month, count: 40, random: &random)
            for index in details.transactions.indices where index % 3 == 0 { details.transactions[index].checkedAt = Fixtures.t0 }
            details = BudgetDetails(budget: details.budget, transactions: details.transactions, budgetLines: details.budgetLines)
            store.saveMonth(details, month: month, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
            months.append(details)
        }
        let ids = { (details: [BudgetDetails], query: LedgerQuery) in
            query.filter(QueryRow.rows(of: details, tagNames: [:], timeZone: .utc)).map(\.id).sorted()
        }
        for text in Self.queries {
            let query = try QueryParser.parse(text, today: Self.today, payDay: nil)
            let prefilter = QueryPrefilter(query)
            for whole in [Set<BudgetMonth>(), [Fixtures.november]] {
                let read = try #require(store.queryMonths(prefilter, scope: Fixtures.ana, whole: whole))
                #expect(ids(read, query) == ids(months, query), "« \(text) » whole: \(whole)")
                if whole.isEmpty, !prefilter.isEmpty {
                    #expect(read.reduce(0) { $0 + $1.transactions.count } <= months.reduce(0) { $0 + $1.transactions.count })
                }
            }
        }
        // A selective query reads few rows: the point of it.
        let few = try #require(store.queryMonths(QueryPrefilter(try QueryParser.parse("amt:>9.5 kind:expense", today: Self.today, payDay: nil)),
                                                 scope: Fixtures.ana, whole: []))
        #expect(few.reduce(0) { $0 + $1.transactions.count } == 6, "9.50 and 9.75 of each month: \(few.map(\.transactions.count))")
    }

    /// The sums (decision 118): every report, the cash flow and the forecast read from them equal
    /// what they read from every row; a month of `whole` keeps its rows; an amount of three
    /// decimals makes the store decline to sum (the caller reads the rows).
    @Test func theSumsGiveEveryReportTheRowsGive() throws {
        let store = CacheStore.inMemory()
        var random = Search.Seeded(state: 5)
        var months: [BudgetDetails] = []
        for month in [BudgetMonth(year: 2026, month: 9), BudgetMonth(year: 2026, month: 10), Fixtures.november] {
            var details = Search.month(month, count: 50, random: &random)
            for index in details.transactions.indices where index % 4 == 0 { details.transactions[index].tagIds = ["g-\(index % 3)"] }
            details = BudgetDetails(budget: details.budget, transactions: details.transactions, budgetLines: details.budgetLines)
            store.saveMonth(details, month: month, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
            months.append(details)
        }
        let summed = try #require(store.summedMonths(scope: Fixtures.ana, whole: [Fixtures.november]))
        #expect(summed.count == 3 && summed[2].transactions.count == 50 && summed[0].transactions.count < 50)
        let range = months.map { BudgetMonth(year: $0.budget.year, month: $0.budget.month) }
        for axis in ReportAxis.allCases {
            let names = ["g-0": "Zéro", "g-1": "Un", "g-2": "Deux"]
            let fromSums = BudgetReport.build(summed, months: range, by: axis, tagNames: names)
            let fromRows = BudgetReport.build(months, months: range, by: axis, tagNames: names)
            #expect(Set(fromSums.rows) == Set(fromRows.rows), "\(axis)")
        }
        #expect(CashFlowMonth.months(summed) == CashFlowMonth.months(months))
        #expect(Forecast.build(summed, today: Self.today, payDay: nil, template: nil, count: 3)
            == Forecast.build(months, today: Self.today, payDay: nil, template: nil, count: 3))
        var odd = months[0]
        odd.transactions[0].amount = Decimal(string: "1.005")!
        store.saveMonth(odd, month: range[0], scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        #expect(store.summedMonths(scope: Fixtures.ana, whole: []) == nil)
    }
}
