import Foundation
import GRDB
import PulpeDomain
import Testing
@testable import PulpeStore

/// `PRAGMA quick_check` is skipped only for a file exactly as this pulpe closed it (decision 76):
/// a clean close stamps it, and any change since — written, truncated, touched, a write-ahead log
/// left — makes the next open check every page as before.
@Suite struct CacheCheckStampTests {
    private func savedCache(_ path: String) {
        let store = CacheStore.open(at: path)
        for index in 0..<6 {
            store.saveMonth(Fixtures.details(transactionCount: 50), month: Fixtures.november.advanced(by: index),
                            scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        }
    }

    private func scribbleOverTheLastPage(_ path: String) throws {
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size - 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096))
        try handle.close()
    }

    @Test func aCleanCloseStampsTheFileAndAnyChangeUndoesIt() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cache.sqlite").path
        savedCache(path)
        #expect(FileManager.default.fileExists(atPath: path + CacheCheckStamp.suffix))
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "closed cleanly")
        #expect(CacheCheckStamp.isCurrent(path))
        #expect(Fixtures.mode(of: path + CacheCheckStamp.suffix) == 0o600)

        // Touched (same bytes, new time): no longer proven.
        var times = [timespec(tv_sec: 1_700_000_000, tv_nsec: 0), timespec(tv_sec: 1_700_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(!CacheCheckStamp.isCurrent(path))

        // Reopened and closed: stamped again. A write-ahead log with frames beside it proves nothing.
        savedCache(path)
        #expect(CacheCheckStamp.isCurrent(path))
        try Data(repeating: 1, count: 32).write(to: URL(fileURLWithPath: path + "-wal"))
        #expect(!CacheCheckStamp.isCurrent(path))
    }

    @Test func aMatchingStampSkipsTheCheckAndAStaleOneDoesNot() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cache.sqlite").path
        savedCache(path)
        // Damage only `PRAGMA quick_check` finds (a row page overwritten, the schema intact)...
        try scribbleOverTheLastPage(path)
        let problems = ProblemLog()
        _ = CacheStore.open(at: path, onProblem: problems.handler)
        #expect(problems.all.contains { $0.contains("discarding it") }, "the stamp no longer matches: checked \(problems.all)")

        // ...and the same damage stamped as if this pulpe had closed it so: the open trusts the stamp.
        savedCache(path)
        try scribbleOverTheLastPage(path)
        CacheCheckStamp.record(path)
        let trusting = ProblemLog()
        _ = CacheStore.open(at: path, onProblem: trusting.handler)
        #expect(!trusting.all.contains { $0.contains("discarding it") }, "\(trusting.all)")
    }

    @Test func aDiscardedFileTakesItsStampWithIt() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cache.sqlite").path
        savedCache(path)
        try CacheFiles.discard(at: path)
        #expect(!FileManager.default.fileExists(atPath: path + CacheCheckStamp.suffix))
    }
}
