import Foundation
import PulpeDomain
import Testing
@testable import PulpeStore

@Suite struct CacheFileTests {
    @Test func entriesSurviveReopen() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("pulpe/cache.sqlite").path
        let details = Fixtures.details(transactionCount: 4)
        do {
            let store = CacheStore.open(at: path)
            #expect(store.storage == .file(path: path))
            store.saveMonth(details, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
            store.saveSettings(UserSettings(payDayOfMonth: 27), scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        }
        let problems = ProblemLog()
        let reopened = CacheStore.open(at: path, onProblem: problems.handler)
        #expect(reopened.month(Fixtures.november, scope: Fixtures.ana) == Cached(value: .budget(details), fetchedAt: Fixtures.fetched))
        #expect(reopened.settings(scope: Fixtures.ana)?.value.payDayOfMonth == 27)
        #expect(problems.all.isEmpty)
    }

    @Test func fileIs0600AndFolder0700() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("pulpe/cache.sqlite").path
        let store = CacheStore.open(at: path)
        store.saveSettings(UserSettings(), scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        #expect(Fixtures.mode(of: path) == 0o600)
        #expect(Fixtures.mode(of: path + "-wal") == 0o600)
        #expect(Fixtures.mode(of: path + "-shm") == 0o600)
        #expect(Fixtures.mode(of: folder.appendingPathComponent("pulpe").path) == 0o700)
    }

    @Test func widerModesLeftByOthersAreTightened() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cacheFolder = folder.appendingPathComponent("pulpe")
        let path = cacheFolder.appendingPathComponent("cache.sqlite").path
        do { _ = CacheStore.open(at: path) }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cacheFolder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)

        let problems = ProblemLog()
        let store = CacheStore.open(at: path, onProblem: problems.handler)
        #expect(store.storage == .file(path: path))
        #expect(Fixtures.mode(of: path) == 0o600)
        #expect(Fixtures.mode(of: cacheFolder.path) == 0o700)
        // Fixed and said: one log line per mode changed, naming the old mode.
        #expect(problems.all == ["cache: permissions: \(cacheFolder.path): mode 0755 tightened to 0700",
                                 "cache: permissions: \(path): mode 0644 tightened to 0600"])
        let quiet = ProblemLog()
        _ = CacheStore.open(at: path, onProblem: quiet.handler)
        #expect(quiet.all.isEmpty, "modes already right are not reported")
    }

    @Test func aDirectoryInTheCachesPlaceIsLeftAloneAndMemoryServesThisRun() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cache.sqlite").path
        try FileManager.default.createDirectory(atPath: path + "/keep-me", withIntermediateDirectories: true)
        let problems = ProblemLog()
        let store = CacheStore.open(at: path, onProblem: problems.handler)
        #expect(store.storage == .memory)
        #expect(problems.damage.count == 2, "\(problems.all)")
        #expect(problems.damage.last?.contains("using an in-memory cache for this run") == true)
        #expect(FileManager.default.fileExists(atPath: path + "/keep-me"), "never deletes a folder it did not make")
        store.saveSettings(UserSettings(payDayOfMonth: 3), scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        #expect(store.settings(scope: Fixtures.ana)?.value.payDayOfMonth == 3)
    }

    @Test func aTruncatedCacheIsRebuilt() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cache.sqlite").path
        do {
            let store = CacheStore.open(at: path)
            for month in 1...12 {
                store.saveMonth(Fixtures.details(month: BudgetMonth(year: 2026, month: month), transactionCount: 40),
                                month: BudgetMonth(year: 2026, month: month), scope: Fixtures.ana, fetchedAt: Fixtures.t0)
            }
        }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > 8192)
        truncate(path, off_t(size / 2))
        let problems = ProblemLog()
        let store = CacheStore.open(at: path, onProblem: problems.handler)
        #expect(store.storage == .file(path: path))
        #expect(problems.all.count == 1 && problems.all[0].contains("discarding it"), "\(problems.all)")
        #expect(store.month(Fixtures.november, scope: Fixtures.ana) == nil, "a miss, refetched from the server")
    }

    @Test func corruptFileIsDiscardedAndReplaced() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cache.sqlite").path
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
        try garbage.write(to: URL(fileURLWithPath: path))

        let problems = ProblemLog()
        let store = CacheStore.open(at: path, onProblem: problems.handler)
        #expect(store.storage == .file(path: path))
        #expect(problems.damage.count == 1, "\(problems.all)")
        #expect(problems.damage.first?.contains("discarding it") == true)
        #expect(!store.hasAnyData(scope: Fixtures.ana))
        store.saveMonth(nil, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        #expect(store.month(Fixtures.november, scope: Fixtures.ana)?.value == .noBudget)
        #expect(Fixtures.mode(of: path) == 0o600)

        // The replacement is a real cache file: it reopens cleanly with the entry.
        let reopenProblems = ProblemLog()
        let reopened = CacheStore.open(at: path, onProblem: reopenProblems.handler)
        #expect(reopened.month(Fixtures.november, scope: Fixtures.ana)?.value == .noBudget)
        #expect(reopenProblems.all.isEmpty)
    }

    @Test func damagedDatabaseIsDiscardedAndReplaced() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cache.sqlite").path
        do {
            let store = CacheStore.open(at: path)
            for index in 0..<12 {
                store.saveMonth(Fixtures.details(transactionCount: 50), month: Fixtures.november.advanced(by: index),
                                scope: Fixtures.ana, fetchedAt: Fixtures.t0)
            }
        }
        // Keep SQLite's header page, scribble over everything after it (closing the pool checkpointed the WAL).
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        #expect(size > 8192)
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4096))
        try handle.close()

        let problems = ProblemLog()
        let store = CacheStore.open(at: path, onProblem: problems.handler)
        #expect(store.storage == .file(path: path))
        #expect(problems.all.count == 1)
        #expect(!store.hasAnyData(scope: Fixtures.ana))
        store.saveSettings(UserSettings(), scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        #expect(store.settings(scope: Fixtures.ana) != nil)
    }

    @Test func unusablePathFallsBackToMemory() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A regular file where the cache folder should be: no folder can be created there (even as root).
        let blocker = folder.appendingPathComponent("pulpe")
        try Data("not a folder".utf8).write(to: blocker)
        let path = blocker.appendingPathComponent("cache.sqlite").path

        let problems = ProblemLog()
        let store = CacheStore.open(at: path, onProblem: problems.handler)
        #expect(store.storage == .memory)
        #expect(problems.all.count == 1)
        #expect(problems.all.first?.contains("in-memory") == true)
        store.saveYear(Fixtures.yearList, year: 2026, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        #expect(store.year(2026, scope: Fixtures.ana)?.value == Fixtures.yearList)
    }

    @Test func emptyPathFallsBackToMemory() {
        let problems = ProblemLog()
        let store = CacheStore.open(at: "", onProblem: problems.handler)
        #expect(store.storage == .memory)
        #expect(problems.all.count == 1)
    }

    @Test func defaultPathFollowsXDG() {
        #expect(CacheStore.defaultPath(environment: ["HOME": "/home/ana"]) == "/home/ana/.cache/pulpe/cache.sqlite")
        #expect(CacheStore.defaultPath(environment: ["HOME": "/home/ana", "XDG_CACHE_HOME": "/var/cache/ana"])
                == "/var/cache/ana/pulpe/cache.sqlite")
        #expect(CacheStore.defaultPath(environment: ["HOME": "/home/ana", "XDG_CACHE_HOME": "relative"])
                == "/home/ana/.cache/pulpe/cache.sqlite")
        #expect(CacheStore.defaultPath(environment: [:]).hasSuffix("/.cache/pulpe/cache.sqlite"))
    }
}
