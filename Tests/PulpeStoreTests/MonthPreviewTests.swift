import Foundation
import GRDB
import PulpeDomain
import Testing
@testable import PulpeStore

/// A huge month's preview (`CacheStore.monthPreview`): its first rows in order with the whole
/// month's figures and count, saved beside the rows — the same panels as the whole month, read
/// without reading every row. Small months, and months saved before the figures were, are read whole.
@Suite struct MonthPreviewTests {
    @Test func aHugeMonthsPreviewHasItsFirstRowsAndTheWholeMonthsFigures() throws {
        let store = CacheStore.inMemory()
        let details = Fixtures.details(transactionCount: 600)
        store.saveMonth(details, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        let read = try #require(store.monthPreview(Fixtures.november, scope: Fixtures.ana, rows: 40, minimumRows: 500))
        #expect(read.fetchedAt == Fixtures.fetched)
        let preview = try #require(read.value.details)
        #expect(preview.transactions == Array(details.transactions.prefix(40)), "the first rows, in the server's order")
        #expect(preview.preview?.transactionCount == 600)
        #expect(preview.transactionCount == 600)
        #expect(preview.figures == details.figures, "the whole month's figures, not those of 40 rows")
        #expect(preview.totals == details.totals && preview.lineConsumptions == details.lineConsumptions)
        #expect(preview.checkedFigures == details.checkedFigures)
        #expect(preview.largestTransactionAmount == details.largestTransactionAmount)
        #expect(preview.budget == details.budget && preview.budgetLines == details.budgetLines)
        // The whole read is the month itself, as before.
        #expect(store.month(Fixtures.november, scope: Fixtures.ana)?.value == .budget(details))
    }

    @Test func aChangeSavedAfterwardsIsInThePreviewsFigures() throws {
        let store = CacheStore.inMemory()
        var details = Fixtures.details(transactionCount: 600)
        store.saveMonth(details, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        details.transactions[599].amount = Fixtures.amount("5000.05")   // a row the preview does not hold
        store.saveMonth(details, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        let preview = try #require(store.monthPreview(Fixtures.november, scope: Fixtures.ana, rows: 40, minimumRows: 500)?.value.details)
        #expect(preview.figures == details.figures)
        #expect(preview.largestTransactionAmount == Fixtures.amount("5000.05"))
    }

    @Test func smallMonthsOlderEntriesAndMonthsWithoutBudgetHaveNoPreview() throws {
        let store = CacheStore.inMemory()
        store.saveMonth(Fixtures.details(transactionCount: 499), month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        #expect(store.monthPreview(Fixtures.november, scope: Fixtures.ana, rows: 40, minimumRows: 500) == nil)
        #expect(store.monthPreview(Fixtures.november.next, scope: Fixtures.ana) == nil, "nothing cached")
        store.saveMonth(nil, month: Fixtures.november.next, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        #expect(store.monthPreview(Fixtures.november.next, scope: Fixtures.ana, minimumRows: 0) == nil, "no budget")

        store.saveMonth(Fixtures.details(transactionCount: 600), month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        #expect(store.monthPreview(Fixtures.november, scope: Fixtures.ana, rows: 40, minimumRows: 500) != nil)
        // As an older pulpe left it: no figures beside the rows.
        try store.writer!.write { db in try db.execute(sql: "UPDATE cacheEntry SET figures = NULL") }
        #expect(store.monthPreview(Fixtures.november, scope: Fixtures.ana, rows: 40, minimumRows: 500) == nil)
        // Figures that do not fit the lines are no preview either.
        let wrong = try PulpeJSON.encode(StoredMonthFigures(Fixtures.details(transactionCount: 600)).with(lines: 0))
        try store.writer!.write { db in try db.execute(sql: "UPDATE cacheEntry SET figures = ?", arguments: [wrong]) }
        #expect(store.monthPreview(Fixtures.november, scope: Fixtures.ana, rows: 40, minimumRows: 500) == nil)
        #expect(store.month(Fixtures.november, scope: Fixtures.ana) != nil, "the month itself still reads")
    }

    @Test func aPreviewIsNeverSavedInPlaceOfItsMonth() throws {
        let problems = ProblemLog()
        let store = CacheStore.inMemory()
        let details = Fixtures.details(transactionCount: 600)
        store.saveMonth(details, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        let preview = try #require(store.monthPreview(Fixtures.november, scope: Fixtures.ana, rows: 40, minimumRows: 500)?.value.details)
        let logging = CacheStore.inMemory(onProblem: problems.handler)
        #expect(!logging.saveMonth(preview, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.fetched))
        #expect(logging.month(Fixtures.november, scope: Fixtures.ana) == nil)
        #expect(problems.all.count == 1)
    }
}

extension StoredMonthFigures {
    /// The same figures for `lines` lines (damage: they no longer fit the month).
    func with(lines: Int) -> StoredMonthFigures {
        var copy = self
        copy.figures.lineConsumptions = Array(copy.figures.lineConsumptions.prefix(lines))
        return copy
    }
}
