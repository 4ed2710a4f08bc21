import Foundation
import GRDB
import PulpeDomain
import Testing
@testable import PulpeStore

/// A changed month writes only what changed (`MonthRowsPlan`): the plan for each common change,
/// and the store's rows read back equal to the new list whatever the edits, from this store and
/// from another one on the same file (whose remembered rows are then out of date).
@Suite struct IncrementalMonthSaveTests {
    private static let rows = (0..<10).map { Fixtures.transaction($0, budgetId: "b") }
    private static let positions = (0..<10).map(Double.init)

    /// A fresh folder for a cache file that two stores open, as two processes would.
    private static func cacheDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-incremental-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    private func planned(_ new: [Transaction]) -> MonthRowsPlan? {
        MonthRowsPlan.make(old: Self.rows, oldPositions: Self.positions, new: new)
    }

    @Test func oneCheckToggledIsOneRowWritten() throws {
        var new = Self.rows
        new[4].checkedAt = new[4].checkedAt == nil ? Fixtures.t0 : nil
        let plan = try #require(planned(new))
        #expect(plan.deletes.isEmpty)
        #expect(plan.writes == [MonthRowsPlan.Write(position: 4, index: 4)])
        #expect(plan.positions == Self.positions)
    }

    @Test func anExpenseAddedAtTheTopOrBetweenTwoRowsIsOneRowInserted() throws {
        let added = Fixtures.transaction(99, budgetId: "b")
        let top = try #require(planned([added] + Self.rows))
        #expect(top.deletes.isEmpty && top.writes == [MonthRowsPlan.Write(position: -1, index: 0)])
        let middle = try #require(planned(Array(Self.rows[0..<3]) + [added] + Array(Self.rows[3...])))
        #expect(middle.writes == [MonthRowsPlan.Write(position: 2.5, index: 3)])
        let end = try #require(planned(Self.rows + [added]))
        #expect(end.writes == [MonthRowsPlan.Write(position: 10, index: 10)])
    }

    @Test func aDeletedRowIsOneRowDeleted() throws {
        var new = Self.rows
        new.remove(at: 6)
        let plan = try #require(planned(new))
        #expect(plan.deletes == [6] && plan.writes.isEmpty)
    }

    @Test func repeatedIdsOrAWholeReorderAreWrittenAgainWhole() {
        let added = Fixtures.transaction(99, budgetId: "b")
        #expect(planned([Self.rows[0], added, added] + Self.rows[1...]) == nil, "an id twice among the changed rows")
        #expect(planned(Self.rows.reversed()) == nil || planned(Self.rows.reversed())!.writes.count == 9)
        let many = (0..<1000).map { Fixtures.transaction($0, budgetId: "b") }
        #expect(MonthRowsPlan.make(old: many, oldPositions: many.indices.map(Double.init), new: Array(many.reversed())) == nil,
                "more than a quarter moved: one rewrite")
    }

    @Test func insertionsAtTheSameSpotFallBackWhenPositionsRunOut() {
        var old = [Fixtures.transaction(0, budgetId: "b"), Fixtures.transaction(1, budgetId: "b")]
        var positions: [Double] = [1_000_000, 1_000_001]
        var fellBack = false
        for index in 2..<80 {
            let new = [old[0], Fixtures.transaction(index, budgetId: "b")] + old[1...]
            guard let plan = MonthRowsPlan.make(old: old, oldPositions: positions, new: new) else {
                fellBack = true
                break
            }
            #expect(zip(plan.positions, plan.positions.dropFirst()).allSatisfy { $0 < $1 }, "in order")
            old = new
            positions = plan.positions
        }
        #expect(fellBack, "a Double halves only so many times")
    }

    /// Another writer that keeps the entry's `fetchedAt` (the outbox applies a sent change with the
    /// stamp it read) must still make this store's remembered rows stale: planned against them, the
    /// expense it appended would be inserted a second time (found in review).
    @Test func anotherWriterWithTheSameStampIsNotTrustedAway() throws {
        let directory = try Self.cacheDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cache.sqlite").path
        let tui = CacheStore.open(at: path)
        let sync = CacheStore.open(at: path)
        var details = Fixtures.details(transactionCount: 3)
        tui.saveMonth(details, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        let sent = Fixtures.transaction(7, budgetId: details.budget.id)
        var applied = details
        applied.transactions.append(sent)
        sync.saveMonth(applied, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        details.transactions.insert(sent, at: 0)
        tui.saveMonth(details, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        #expect(CacheStore.open(at: path).month(Fixtures.november, scope: Fixtures.ana)?.value == .budget(details),
                "the sent expense once, where the server lists it")
    }

    /// A store reads back the month it saved without reading its rows again, while the entry is
    /// still at the version it wrote (the outbox reads the month after each sent write): rows
    /// removed behind its back without a new version are not seen — the proof that they were not
    /// read — and a save by another store is.
    @Test func theStoreThatSavedAMonthReadsItBackWithoutItsRows() throws {
        let directory = try Self.cacheDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cache.sqlite").path
        let store = CacheStore.open(at: path)
        var details = Fixtures.details(transactionCount: 5)
        store.saveMonth(details, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "DELETE FROM \(CachedTransactionRows.table)") }
        #expect(store.month(Fixtures.november, scope: Fixtures.ana)?.value == .budget(details), "the rows it remembers")
        details.transactions = []
        #expect(CacheStore.open(at: path).month(Fixtures.november, scope: Fixtures.ana)?.value == .budget(details),
                "another store reads the file")
        details.transactions = [Fixtures.transaction(40, budgetId: details.budget.id)]
        CacheStore.open(at: path).saveMonth(details, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        #expect(store.month(Fixtures.november, scope: Fixtures.ana)?.value == .budget(details), "another store's save is read")
    }

    /// Random edits — checks, amounts, inserts, deletes, moves — saved one after the other: each
    /// time the rows read back (by a fresh store) are the new list, and a second store writing the
    /// same file in between is never overwritten by a stale plan.
    @Test(arguments: [1, 2, 3, 4, 5])
    func anySequenceOfEditsReadsBackExactly(seed: UInt64) throws {
        let directory = try Self.cacheDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cache.sqlite").path
        let store = CacheStore.open(at: path)
        let other = CacheStore.open(at: path)
        var random = SplitMix64(seed: seed)
        var details = Fixtures.details(transactionCount: 300)
        var next = 1000
        var fetchedAt = Fixtures.t0
        store.saveMonth(details, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: fetchedAt)
        for round in 0..<60 {
            for _ in 0..<random.below(4) + 1 {
                var rows = details.transactions
                switch random.below(5) {
                case 0 where !rows.isEmpty:
                    let at = random.below(rows.count)
                    rows[at].checkedAt = rows[at].checkedAt == nil ? Fixtures.fetched : nil
                case 1 where !rows.isEmpty:
                    rows[random.below(rows.count)].amount = Fixtures.amount("\(random.below(10_000)).\(random.below(100))")
                case 2:
                    rows.insert(Fixtures.transaction(next, budgetId: details.budget.id), at: random.below(rows.count + 1))
                    next += 1
                case 3 where !rows.isEmpty:
                    rows.remove(at: random.below(rows.count))
                case 4 where rows.count > 1:
                    let moved = rows.remove(at: random.below(rows.count))
                    rows.insert(moved, at: random.below(rows.count + 1))
                default:
                    break
                }
                details.transactions = rows
            }
            // Now and then another pulpe writes the month — sometimes with the stamp it read, as the
            // outbox does: this store's memory is then out of date.
            if round % 5 != 1 { fetchedAt = fetchedAt.addingTimeInterval(1) }
            let writer = round % 7 == 3 || round % 5 == 1 ? other : store
            writer.saveMonth(details, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: fetchedAt)
            let fresh = CacheStore.open(at: path)
            #expect(fresh.month(Fixtures.november, scope: Fixtures.ana)?.value == .budget(details), "round \(round)")
            // Now and then by the two stores too: the one that wrote reads what it remembers, the
            // other reads the file (and remembers it for its next save).
            if round % 4 == 2 {
                for reader in [store, other] {
                    #expect(reader.month(Fixtures.november, scope: Fixtures.ana)?.value == .budget(details), "round \(round)")
                }
            }
        }
    }
}

/// A seeded draw, so a failure replays.
private extension SplitMix64 {
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
