import Foundation
import GRDB
import PulpeDomain
import Testing
@testable import PulpeStore

/// Sealed files fail closed and durable (decision 98): a key the VFS does not take
/// opens nothing — never a file in clear; a page size other than 4096 is refused; and sealing a
/// clear file wipes its bytes only after the sealed copy and its new name are on the disk.
@Suite struct SealedFailClosedTests {
    private static let key = DataKey.random()!

    private func folder() -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-fail-closed-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func expense(_ id: String, name: String) -> NewTransaction {
        NewTransaction(id: id, budgetId: "budget-nov", name: name, amount: Fixtures.amount("44.19"), kind: .expense,
                       transactionDate: Fixtures.t0, checkedAt: nil)
    }

    /// Every byte of the file and its companions, as one blob.
    private func bytes(_ path: String) -> Data {
        ["", "-wal", "-journal"].reduce(into: Data()) { all, suffix in
            all += FileManager.default.contents(atPath: path + suffix) ?? Data()
        }
    }

    /// Runs `work` while the registry refuses the key of `path` (as if its eight places were taken).
    @discardableResult
    private func refusing<T>(_ path: String, _ work: () throws -> T) rethrows -> T {
        SealedFiles.refusedForTesting.withLock { _ = $0.insert(path) }
        defer { SealedFiles.refusedForTesting.withLock { _ = $0.remove(path) } }
        return try work()
    }

    private func refusal(_ path: String) -> String {
        "the key of \(path) cannot be registered (sealed-file registry: code 13); not opened, never in clear"
    }

    @Test func aRefusedKeyOpensNoOutboxAndWritesNothingInClear() throws {
        let path = folder().appendingPathComponent("outbox.sqlite").path
        let store = try OutboxStore.sealed(at: path, key: Self.key, now: Fixtures.t0)
        try store.enqueue(expense("a", name: "Pharmacie Amavita"), month: Fixtures.november, scope: Fixtures.ana, at: Fixtures.t0)
        store.seal()

        refusing(path) {
            #expect(throws: OutboxError.unsealable(path: path, reason: refusal(path))) { try store.unseal(with: Self.key, now: Fixtures.t0) }
            #expect(throws: OutboxError.locked) { try store.pendingCount(scope: Fixtures.ana) }
            #expect(throws: OutboxError.unsealable(path: path, reason: refusal(path))) {
                try OutboxStore.sealedForReading(at: path, key: Self.key)
            }
        }
        #expect(!SealedFiles.isClearDatabase(path) && bytes(path).range(of: Data("Pharmacie".utf8)) == nil)
        #expect(DamagedOutbox.keptAside(besides: path).isEmpty, "not judged damaged, not set aside for a clear one")
        // The registry free again: the same file, every item in it.
        try store.unseal(with: Self.key, now: Fixtures.t0)
        #expect(try store.items(scope: Fixtures.ana).map(\.transaction?.name) == ["Pharmacie Amavita"])
    }

    @Test func aRefusedKeyMakesNoOutboxFile() throws {
        let path = folder().appendingPathComponent("outbox.sqlite").path
        refusing(path) {
            #expect(throws: OutboxError.unsealable(path: path, reason: refusal(path))) {
                try OutboxStore.sealed(at: path, key: Self.key, now: Fixtures.t0)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aRefusedKeyKeepsTheCacheInMemoryNeverInClear() throws {
        let path = folder().appendingPathComponent("cache.sqlite").path
        let problems = ProblemLog()
        let cache = refusing(path) { CacheStore.sealed(at: path, key: Self.key, onProblem: problems.handler) }
        cache.saveMonth(Fixtures.details(), month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        #expect(cache.month(Fixtures.november, scope: Fixtures.ana) != nil, "in memory for the run")
        #expect(problems.all == ["cache: \(refusal(path)); using an in-memory cache for this run"])
        #expect(!FileManager.default.fileExists(atPath: path))
        cache.close()
    }

    @Test func aSealedDatabaseWithAnotherPageSizeIsRefused() throws {
        let path = folder().appendingPathComponent("other-pages.sqlite").path
        try SealedFiles.register(path, key: Self.key)
        defer { SealedFiles.forget(path) }
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA page_size = 8192") }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        let error = try #require(throws: DatabaseError.self) {
            try queue.write { db in try db.execute(sql: "CREATE TABLE t (name TEXT)") }
        }
        #expect(error.resultCode == .SQLITE_NOTADB)
        try queue.close()
    }

    @Test func aClearFileWithSmallPagesIsSealedIn4096BytePages() throws {
        let path = folder().appendingPathComponent("outbox.sqlite").path
        let clear = try OutboxStore.open(at: path, now: Fixtures.t0)
        try clear.enqueue(expense("a", name: "Pharmacie Amavita"), month: Fixtures.november, scope: Fixtures.ana, at: Fixtures.t0)
        try (clear.writer as? DatabasePool)?.close()
        // As an older SQLite (or another tool) may have made it: 1024-byte pages.
        let resize = try DatabaseQueue(path: path)
        try resize.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
            try db.execute(sql: "PRAGMA page_size = 1024")
            try db.execute(sql: "VACUUM")
            try db.execute(sql: "PRAGMA journal_mode = WAL")
        }
        try resize.close()
        #expect(try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA page_size") } == 1024)

        let sealed = try OutboxStore.sealed(at: path, key: Self.key, now: Fixtures.t0)
        #expect(try sealed.items(scope: Fixtures.ana).map(\.id) == ["a"])
        #expect(try sealed.writer?.read { try Int.fetchOne($0, sql: "PRAGMA page_size") } == 4096)
        try sealed.enqueue(expense("b", name: "Coop"), month: Fixtures.november, scope: Fixtures.ana, at: Fixtures.t0)
        sealed.seal()
        try sealed.unseal(with: Self.key, now: Fixtures.t0)
        #expect(try sealed.items(scope: Fixtures.ana).map(\.id) == ["a", "b"])
    }

    /// Each step `sealInPlace` takes, in order, named by file (the real steps are taken too).
    private final class Recorder: @unchecked Sendable {
        var steps: [String] = []
        var failSync: String?

        func sealingSteps(folder: String) -> SealingSteps {
            let real = SealingSteps()
            let name = { (path: String) in String(path.dropFirst(folder.count + 1)) }
            return SealingSteps(
                copy: { self.steps.append("copy \(name($0)) → \(name($1))"); try real.copy($0, $1) },
                syncFile: { path in
                    self.steps.append("sync \(name(path))")
                    if self.failSync == name(path) { throw DurabilityError(path: path, code: EIO) }
                    try real.syncFile(path)
                },
                rename: { self.steps.append("rename \(name($0)) → \(name($1))"); try real.rename($0, $1) },
                syncDirectory: { self.steps.append("sync folder of \(name($0))"); try real.syncDirectory($0) },
                wipe: { self.steps.append("wipe \(name($0))"); real.wipe($0) })
        }
    }

    private func clearOutbox(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("outbox.sqlite").path
        let clear = try OutboxStore.open(at: path, now: Fixtures.t0)
        try clear.enqueue(expense("a", name: "Pharmacie Amavita"), month: Fixtures.november, scope: Fixtures.ana, at: Fixtures.t0)
        try (clear.writer as? DatabasePool)?.close()
        return path
    }

    @Test func theClearBytesAreWipedOnlyAfterTheSealedCopyAndItsNameAreOnDisk() throws {
        let directory = folder()
        let path = try clearOutbox(in: directory)
        let recorder = Recorder()
        try SealedFiles.sealInPlace(path, key: Self.key, steps: recorder.sealingSteps(folder: directory.path))
        #expect(recorder.steps == [
            "copy outbox.sqlite → outbox.sqlite.sealing",
            "sync outbox.sqlite.sealing",
            "rename outbox.sqlite → outbox.sqlite.clear",
            "rename outbox.sqlite.sealing → outbox.sqlite",
            "sync folder of outbox.sqlite",
            "wipe outbox.sqlite-wal",
            "wipe outbox.sqlite-shm",
            "wipe outbox.sqlite.clear",
            "sync folder of outbox.sqlite",
        ])
        #expect(!SealedFiles.isClearDatabase(path) && !FileManager.default.fileExists(atPath: path + ".clear"))
    }

    @Test func aCopyThatCannotBeSyncedLeavesTheClearFileUntouched() throws {
        let directory = folder()
        let path = try clearOutbox(in: directory)
        let before = bytes(path)
        let recorder = Recorder()
        recorder.failSync = "outbox.sqlite.sealing"
        #expect(throws: DurabilityError(path: path + ".sealing", code: EIO)) {
            try SealedFiles.sealInPlace(path, key: Self.key, steps: recorder.sealingSteps(folder: directory.path))
        }
        #expect(recorder.steps == ["copy outbox.sqlite → outbox.sqlite.sealing", "sync outbox.sqlite.sealing"])
        #expect(bytes(path) == before && SealedFiles.isClearDatabase(path))
        // The next unlock seals it, nothing lost.
        let sealed = try OutboxStore.sealed(at: path, key: Self.key, now: Fixtures.t0)
        #expect(try sealed.items(scope: Fixtures.ana).map(\.id) == ["a"])
    }

    @Test func killedAfterTheRenamesTheNamesAreSyncedBeforeTheClearCopyIsWiped() throws {
        let directory = folder()
        let path = try clearOutbox(in: directory)
        // What a kill between the renames and the wipe leaves: the sealed file in place, the
        // clear one beside it.
        let first = Recorder()
        try SealedFiles.sealInPlace(path, key: Self.key, steps: first.sealingSteps(folder: directory.path))
        let sealedBytes = bytes(path)
        _ = FileManager.default.createFile(atPath: path + ".clear", contents: Data("SQLite format 3\u{0}clear".utf8))
        let recorder = Recorder()
        try SealedFiles.sealInPlace(path, key: Self.key, steps: recorder.sealingSteps(folder: directory.path))
        #expect(recorder.steps == ["sync folder of outbox.sqlite", "wipe outbox.sqlite.clear", "sync folder of outbox.sqlite"])
        #expect(bytes(path) == sealedBytes && !FileManager.default.fileExists(atPath: path + ".clear"))
    }
}
