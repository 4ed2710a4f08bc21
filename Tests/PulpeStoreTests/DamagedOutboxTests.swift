import Foundation
import GRDB
import PulpeDomain
import Testing
@testable import PulpeStore

/// A damaged outbox is never deleted (decision 40): it is moved aside byte for byte —
/// with its `-wal`, where the last commits live — and a fresh outbox keeps new expenses. A disk
/// that refuses writes is not damage: the file stays where it is and opening says why.
@Suite struct DamagedOutboxTests {
    private static let now = Date(timeIntervalSince1970: 1_795_480_000)   // 2026-11-24 00:26:40 UTC
    private static let keptName = "outbox-damaged-20261124-002640.sqlite"

    private func expense(_ id: String, _ amount: String = "4.50", name: String = "Café") -> NewTransaction {
        NewTransaction(id: id, budgetId: "budget-nov", name: name, amount: Fixtures.amount(amount), kind: .expense,
                       transactionDate: Fixtures.t0, checkedAt: nil)
    }

    /// A folder with `outbox.sqlite` holding `bytes` (and `wal`, if given).
    private func folder(with bytes: Data, wal: Data? = nil) throws -> (folder: URL, path: String) {
        let folder = Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("outbox.sqlite").path
        #expect(FileManager.default.createFile(atPath: path, contents: bytes))
        if let wal { #expect(FileManager.default.createFile(atPath: path + "-wal", contents: wal)) }
        return (folder, path)
    }

    /// Opens `path`, expects the damaged file kept aside with exactly `bytes`, and a working fresh outbox.
    private func expectKeptAside(_ path: String, bytes: Data, reason: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> OutboxStore {
        let store = try OutboxStore.open(at: path, now: Self.now)
        let kept = (path as NSString).deletingLastPathComponent + "/" + Self.keptName
        let aside = try #require(store.opening.setAside, sourceLocation: sourceLocation)
        #expect(aside.path == path, sourceLocation: sourceLocation)
        #expect(aside.keptAs == kept, sourceLocation: sourceLocation)
        #expect(aside.reason.contains(reason), "\(aside.reason)", sourceLocation: sourceLocation)
        #expect(FileManager.default.contents(atPath: kept) == bytes, "byte for byte", sourceLocation: sourceLocation)
        #expect(DamagedOutbox.keptAside(besides: path) == [kept], sourceLocation: sourceLocation)
        // The fresh outbox takes new expenses at once, and they survive a reopen.
        try store.enqueue(expense("after"), month: Fixtures.november, scope: Fixtures.ana, at: Fixtures.t0)
        let reopened = try OutboxStore.open(at: path, now: Self.now)
        #expect(reopened.opening.setAside == nil, sourceLocation: sourceLocation)
        #expect(try reopened.items(scope: Fixtures.ana).map(\.id) == ["after"], sourceLocation: sourceLocation)
        #expect(Fixtures.mode(of: path) == 0o600, sourceLocation: sourceLocation)
        return store
    }

    @Test func garbageIsKeptAsideByteForByte() throws {
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
        let (folder, path) = try folder(with: garbage)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try expectKeptAside(path, bytes: garbage, reason: "not a database")
    }

    @Test func aTruncatedOutboxIsKeptAsideAndItsWalGoesWithIt() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("outbox.sqlite").path
        do {
            let store = try OutboxStore.open(at: path)
            for index in 0..<200 {
                try store.enqueue(expense("item-\(index)", name: String(repeating: "Courses ", count: 10)),
                                  month: Fixtures.november, scope: Fixtures.ana, at: Fixtures.t0)
            }
        }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > 16384)
        #expect(truncate(path, off_t(size / 2)) == 0)
        let truncated = try #require(FileManager.default.contents(atPath: path))
        // A `-wal` beside it may hold the last commits: it moves with the file, unread and unchanged.
        let wal = Data("not really a wal, but someone's bytes".utf8)
        #expect(FileManager.default.createFile(atPath: path + "-wal", contents: wal))
        _ = try expectKeptAside(path, bytes: truncated, reason: "malformed")
        #expect(FileManager.default.contents(atPath: folder.path + "/" + Self.keptName + "-wal") == wal)
    }

    @Test func anotherProgramsDatabaseIsKeptAsideUntouched() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("outbox.sqlite").path
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('à garder')")
            }
            try queue.close()
        }
        let bytes = try #require(FileManager.default.contents(atPath: path))
        _ = try expectKeptAside(path, bytes: bytes, reason: "not an outbox (tables: notes)")
    }

    @Test func anOutboxTableOfTheWrongShapeIsKeptAside() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("outbox.sqlite").path
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE outboxItem (id TEXT, name TEXT, amount TEXT)")
            }
            try queue.close()
        }
        let bytes = try #require(FileManager.default.contents(atPath: path))
        _ = try expectKeptAside(path, bytes: bytes, reason: "outboxItem lacks attempts, budgetId")
    }

    @Test func aDirectoryInItsPlaceIsMovedAsideWithWhatItHolds() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("outbox.sqlite").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path + "/inside", contents: Data("x".utf8)))
        let store = try OutboxStore.open(at: path, now: Self.now)
        #expect(store.opening.setAside?.reason == "a directory is in its place")
        #expect(FileManager.default.contents(atPath: folder.path + "/" + Self.keptName + "/inside") == Data("x".utf8))
        try store.enqueue(expense("a"), month: Fixtures.november, scope: Fixtures.ana, at: Fixtures.t0)
        #expect(try store.totalCount() == 1)
    }

    @Test func anEmptyFileOrAHealthyOutboxIsNeverMoved() throws {
        let (folder, path) = try folder(with: Data())
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let store = try OutboxStore.open(at: path, now: Self.now)
            #expect(store.opening.setAside == nil)
            try store.enqueue(expense("a"), month: Fixtures.november, scope: Fixtures.ana, at: Fixtures.t0)
        }
        let store = try OutboxStore.open(at: path, now: Self.now)
        #expect(store.opening == OutboxOpening())
        #expect(try store.items(scope: Fixtures.ana).map(\.id) == ["a"])
        #expect(DamagedOutbox.keptAside(besides: path).isEmpty)
    }

    @Test func aNewerPulpesOutboxIsNotJudgedByThisOne() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("outbox.sqlite").path
        do {
            let store = try OutboxStore.open(at: path)
            try store.enqueue(expense("a"), month: Fixtures.november, scope: Fixtures.ana, at: Fixtures.t0)
        }
        // A later version reshaped the table (here: one column renamed) and recorded its migration.
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: """
                    ALTER TABLE outboxItem RENAME COLUMN attempts TO sendAttempts;
                    INSERT INTO grdb_migrations (identifier) VALUES ('v9 future');
                    """)
            }
            try queue.close()
        }
        #expect(OutboxInspection.inspect(path) == .undecided(reason: "written by a newer pulpe (v9 future)"))
        _ = try? OutboxStore.open(at: path, now: Self.now)
        #expect(DamagedOutbox.keptAside(besides: path).isEmpty, "never moved aside by an older pulpe")
    }

    @Test func aSecondDamageOnTheSameSecondGetsItsOwnName() throws {
        let (folder, path) = try folder(with: Data(repeating: 0x42, count: 4096))
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try OutboxStore.open(at: path, now: Self.now)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x43, count: 4096)))
        let second = try OutboxStore.open(at: path, now: Self.now)
        #expect(second.opening.setAside?.keptAs == folder.path + "/outbox-damaged-20261124-002640-2.sqlite")
        #expect(DamagedOutbox.keptAside(besides: path).count == 2)
        #expect(FileManager.default.contents(atPath: folder.path + "/" + Self.keptName) == Data(repeating: 0x42, count: 4096),
                "the first one is not overwritten")
    }

    @Test func aFileWhereTheFolderGoesIsUnusableAndNothingMoves() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("pulpe").path
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        #expect {
            try OutboxStore.open(at: blocker + "/outbox.sqlite")
        } throws: { error in
            guard case let .unusable(path, reason) = error as? OutboxError else { return false }
            return path == blocker + "/outbox.sqlite" && reason.contains("not a directory")
        }
        #expect(FileManager.default.contents(atPath: blocker) == Data("x".utf8))
    }

    @Test func widerModesAreTightenedAndSaid() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outboxFolder = folder.appendingPathComponent("pulpe")
        let path = outboxFolder.appendingPathComponent("outbox.sqlite").path
        do { _ = try OutboxStore.open(at: path) }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: outboxFolder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let store = try OutboxStore.open(at: path)
        #expect(store.opening.tightened == ["\(outboxFolder.path): mode 0755 tightened to 0700",
                                            "\(path): mode 0644 tightened to 0600"], "said once per file, companions follow quietly")
        #expect(Fixtures.mode(of: path) == 0o600)
        #expect(Fixtures.mode(of: outboxFolder.path) == 0o700)
    }

    @Test func theStampIsUTCAndSortable() {
        #expect(DamagedOutbox.stamp(Self.now) == "20261124-002640")
        #expect(DamagedOutbox.stamp(Date(timeIntervalSince1970: 0)) == "19700101-000000")
    }
}
