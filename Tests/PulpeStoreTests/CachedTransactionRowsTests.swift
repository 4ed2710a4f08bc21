import Foundation
import GRDB
import PulpeDomain
import Testing
@testable import PulpeStore

/// A cached month's transactions live in rows of their own (`cachedTransaction`): exact round
/// trip, replaced whole, dropped with their month, and entries of the older all-JSON form still read.
@Suite struct CachedTransactionRowsTests {
    private func rowCount(_ store: CacheStore) throws -> Int {
        try store.writer!.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM cachedTransaction") ?? -1 }
    }

    @Test func everyFieldComesBackExactly() throws {
        let store = CacheStore.inMemory()
        var details = Fixtures.details(transactionCount: 7)
        details.transactions[0].tagIds = ["4f1c7c0e-0000-4000-8000-000000000001", "4f1c7c0e-0000-4000-8000-000000000002"]
        details.transactions[1].amount = Fixtures.amount("99999999.99")
        details.transactions[2].checkedAt = Date(timeIntervalSince1970: 1_795_000_123.456_789)
        details.transactions[3].name = "Café « Le Rivage » — 2×"
        store.saveMonth(details, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        let read = try #require(store.month(Fixtures.november, scope: Fixtures.ana))
        #expect(read.value == .budget(details))
        #expect(read.fetchedAt == Fixtures.fetched)
        guard case let .budget(back) = read.value else { return }
        #expect(back.transactions.map(\.amount.description) == details.transactions.map(\.amount.description))
        #expect(back.totals == details.totals)
        #expect(try rowCount(store) == 7)
    }

    @Test func aNewerCopyReplacesTheRowsWhole() throws {
        let store = CacheStore.inMemory()
        store.saveMonth(Fixtures.details(transactionCount: 5), month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        store.saveMonth(Fixtures.details(transactionCount: 2), month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        guard case let .budget(back)? = store.month(Fixtures.november, scope: Fixtures.ana)?.value else {
            Issue.record("no month")
            return
        }
        #expect(back.transactions.map(\.id) == ["tx-0", "tx-1"])
        store.saveMonth(nil, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        #expect(store.month(Fixtures.november, scope: Fixtures.ana)?.value == .noBudget)
        #expect(try rowCount(store) == 0)
    }

    @Test func anUnchangedRefreshOnlyMovesTheTime() throws {
        let store = CacheStore.inMemory()
        let details = Fixtures.details(transactionCount: 4)
        store.saveMonth(details, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        let rowIds = { try store.writer!.read { db in try Int64.fetchAll(db, sql: "SELECT rowid FROM cachedTransaction") } }
        let before = try rowIds()
        store.saveMonth(details, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        #expect(try rowIds() == before, "the rows were not rewritten")
        let read = store.month(Fixtures.november, scope: Fixtures.ana)
        #expect(read?.fetchedAt == Fixtures.fetched)
        #expect(read?.value == .budget(details))
        // One changed amount is a change: that row alone is written again (`MonthRowsPlan`).
        var changed = details
        changed.transactions[2].amount = Fixtures.amount("7.77")
        let changes = { try store.writer!.write { db in db.totalChangesCount } }
        let changesBefore = try changes()
        store.saveMonth(changed, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        #expect(store.month(Fixtures.november, scope: Fixtures.ana)?.value == .budget(changed))
        #expect(try changes() - changesBefore == 2, "the month's entry and the one row: not 4 deleted and 4 written")
    }

    @Test func rowsOfTwoUsersOrTwoMonthsNeverMix() throws {
        let store = CacheStore.inMemory()
        let october = BudgetMonth(year: 2026, month: 10)
        store.saveMonth(Fixtures.details(transactionCount: 3), month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        store.saveMonth(Fixtures.details(transactionCount: 4), month: Fixtures.november, scope: Fixtures.ben, fetchedAt: Fixtures.t0)
        store.saveMonth(Fixtures.details(month: october, transactionCount: 1), month: october, scope: Fixtures.ana,
                        fetchedAt: Fixtures.t0)
        func count(_ month: BudgetMonth, _ scope: CacheScope) -> Int? {
            guard case let .budget(details)? = store.month(month, scope: scope)?.value else { return nil }
            return details.transactions.count
        }
        #expect(count(Fixtures.november, Fixtures.ana) == 3)
        #expect(count(Fixtures.november, Fixtures.ben) == 4)
        #expect(count(october, Fixtures.ana) == 1)
        store.clear(scope: Fixtures.ana)
        #expect(count(Fixtures.november, Fixtures.ana) == nil)
        #expect(count(Fixtures.november, Fixtures.ben) == 4)
        #expect(try rowCount(store) == 4)
    }

    @Test func anEntryWrittenBeforeTheRowsExistedStillReads() throws {
        let store = CacheStore.inMemory()
        let details = Fixtures.details(transactionCount: 3)
        store.writeEntry(try PulpeJSON.encode(details), key: .month(Fixtures.november), scope: Fixtures.ana,
                         fetchedAt: Fixtures.t0)
        #expect(store.month(Fixtures.november, scope: Fixtures.ana)?.value == .budget(details))
    }

    @Test func aDamagedRowDropsTheWholeMonthWithALogLine() throws {
        let problems = ProblemLog()
        let store = CacheStore.inMemory(onProblem: problems.handler)
        store.saveMonth(Fixtures.details(transactionCount: 3), month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        try store.writer!.write { db in
            try db.execute(sql: "UPDATE cachedTransaction SET amount = 'beaucoup' WHERE position = 1")
            // As a later start finds the file: the rows this store remembers no longer stand for it
            // (while they do, a read returns them and never sees the rows: `RememberedMonths`).
            try db.execute(sql: "UPDATE cacheEntry SET rowsVersion = NULL")
        }
        #expect(store.month(Fixtures.november, scope: Fixtures.ana) == nil)
        #expect(problems.all.count == 1)
        #expect(problems.all.first?.hasPrefix("cache: dropped unreadable month 2026-11") == true)
        #expect(try rowCount(store) == 0)
        #expect(!store.hasAnyData(scope: Fixtures.ana))
    }
}
