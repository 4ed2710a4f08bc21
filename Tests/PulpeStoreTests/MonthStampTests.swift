import Foundation
import PulpeDomain
import Testing
@testable import PulpeStore

/// A save made `ifStill` a stamp is dropped when another save came in between (decision 65): a
/// fetch that left before another pulpe folded its sent write in must not erase that write.
@Suite struct MonthStampTests {
    /// Two stores on one file, as two processes.
    static func twoStores() throws -> (CacheStore, CacheStore, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-stamp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("cache.sqlite").path
        return (CacheStore.open(at: path), CacheStore.open(at: path), folder)
    }

    @Test func aSaveFromAnotherStoreInBetweenWins() throws {
        let (fetcher, folder, directory) = try Self.twoStores()
        defer { try? FileManager.default.removeItem(at: directory) }
        fetcher.saveMonth(Fixtures.details(transactionCount: 3), month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        // The fetch leaves: the stamp is read. Meanwhile the other pulpe folds its sent expense in.
        let stamp = try #require(fetcher.monthStamp(Fixtures.november, scope: Fixtures.ana))
        let folded = Fixtures.details(transactionCount: 4)
        let before = try #require(folder.monthStamp(Fixtures.november, scope: Fixtures.ana))
        #expect(folder.saveMonth(folded, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0, ifStill: before))
        // The fetch's answer, from before that expense, comes back: dropped.
        #expect(!fetcher.saveMonth(Fixtures.details(transactionCount: 3), month: Fixtures.november, scope: Fixtures.ana,
                                   fetchedAt: Fixtures.fetched, ifStill: stamp))
        let kept = try #require(fetcher.month(Fixtures.november, scope: Fixtures.ana))
        #expect(kept.value.details?.transactions.count == 4 && kept.fetchedAt == Fixtures.t0, "the folded copy stays")
    }

    @Test func withNothingInBetweenTheSaveIsMade() throws {
        let (store, _, directory) = try Self.twoStores()
        defer { try? FileManager.default.removeItem(at: directory) }
        let absent = try #require(store.monthStamp(Fixtures.november, scope: Fixtures.ana))
        #expect(store.saveMonth(Fixtures.details(transactionCount: 2), month: Fixtures.november, scope: Fixtures.ana,
                                fetchedAt: Fixtures.t0, ifStill: absent), "absent, and still absent")
        let stamp = try #require(store.monthStamp(Fixtures.november, scope: Fixtures.ana))
        _ = store.month(Fixtures.november, scope: Fixtures.ana)
        #expect(store.saveMonth(Fixtures.details(transactionCount: 5), month: Fixtures.november, scope: Fixtures.ana,
                                fetchedAt: Fixtures.fetched, ifStill: stamp), "a read is not a save")
        #expect(store.month(Fixtures.november, scope: Fixtures.ana)?.value.details?.transactions.count == 5)
        // Each save renews the stamp, even of the same rows.
        #expect(!store.saveMonth(Fixtures.details(transactionCount: 5), month: Fixtures.november, scope: Fixtures.ana,
                                 fetchedAt: Fixtures.fetched, ifStill: stamp))
        #expect(!store.saveMonth(nil, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.fetched, ifStill: absent),
                "an entry that appeared since is not overwritten")
    }
}
