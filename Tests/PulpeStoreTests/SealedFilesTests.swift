import Foundation
import GRDB
import PulpeDomain
import Testing
@testable import PulpeStore

/// Sealed files (decision 83): what reaches the disk holds no name, no amount, not even
/// SQLite's header; the right key reads everything back; another key reads nothing; a file an
/// older pulpe wrote in clear is sealed at the first unlock with nothing lost; a locked outbox
/// refuses to be read or written rather than answer nothing.
@Suite struct SealedFilesTests {
    private static let key = DataKey.random()!
    private static let otherKey = DataKey.random()!

    private func folder() -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-sealed-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Every byte of the file and its companions, as one blob.
    private func bytes(_ path: String) -> Data {
        ["", "-wal", "-journal"].reduce(into: Data()) { all, suffix in
            all += FileManager.default.contents(atPath: path + suffix) ?? Data()
        }
    }

    private func holds(_ text: String, _ path: String) -> Bool {
        bytes(path).range(of: Data(text.utf8)) != nil
    }

    private func expense(_ id: String, name: String) -> NewTransaction {
        NewTransaction(id: id, budgetId: "budget-nov", name: name, amount: Fixtures.amount("44.19"), kind: .expense,
                       transactionDate: Fixtures.t0, checkedAt: nil)
    }

    @Test func aSealedCacheHoldsNoNameAndReadsBackWithItsKey() throws {
        let path = folder().appendingPathComponent("cache.sqlite").path
        let details = Fixtures.details(transactionCount: 200)
        let store = CacheStore.sealed(at: path, key: Self.key)
        store.saveMonth(details, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        #expect(!holds("Dépense 17", path) && !holds("Courses", path) && !holds("SQLite format 3", path))
        store.close()
        #expect(!holds("Dépense 17", path) && !holds("1234.56", path), "after the log is folded into the file too")
        let again = CacheStore.sealed(at: path, key: Self.key)
        #expect(again.month(Fixtures.november, scope: Fixtures.ana)?.value == .budget(details))
        #expect(again.search("Dépense 17", scope: Fixtures.ana).count == 11, "17 and 170…179")
        // Temporary files (sorts, VACUUM's copy) have no name to key: kept in memory.
        #expect(try again.writer?.read { try Int.fetchOne($0, sql: "PRAGMA temp_store") } == 2)
        again.clear(scope: Fixtures.ana)
        #expect(!holds("Dépense 17", path))
        again.close()
    }

    /// Decision 90: the import rules hold statement labels — sealed with the rest, per account,
    /// forgotten with it.
    @Test func importRulesAreSealedPerAccountAndForgottenWithIt() throws {
        let path = folder().appendingPathComponent("cache.sqlite").path
        let store = CacheStore.sealed(at: path, key: Self.key)
        #expect(store.importRules(scope: Fixtures.ana).isEmpty, "none before the first")
        let rules = [ImportRule(pattern: "MIGROS PLAINPALAIS", name: "Migros", line: "Courses", tags: ["courses"]),
                     ImportRule(pattern: "virement compte epargne", skip: true)]
        store.saveImportRules(rules, scope: Fixtures.ana, at: Fixtures.t0)
        store.close()
        #expect(!holds("PLAINPALAIS", path) && !holds("virement compte", path))
        let again = CacheStore.sealed(at: path, key: Self.key)
        #expect(again.importRules(scope: Fixtures.ana) == rules)
        #expect(again.importRules(scope: Fixtures.anaOnSandbox).isEmpty, "another account's are its own")
        again.clear(scope: Fixtures.ana)
        #expect(again.importRules(scope: Fixtures.ana).isEmpty)
        again.close()
    }

    @Test func anotherKeyReadsNothingAndALockedCacheMisses() throws {
        let path = folder().appendingPathComponent("cache.sqlite").path
        let store = CacheStore.sealed(at: path, key: Self.key)
        store.saveMonth(Fixtures.details(), month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        store.seal()
        #expect(store.month(Fixtures.november, scope: Fixtures.ana) == nil, "locked: a miss")
        #expect(store.hasAnyData(scope: Fixtures.ana), "locked, the file still says it holds something")
        store.unseal(with: Self.key)
        #expect(store.month(Fixtures.november, scope: Fixtures.ana) != nil)
        store.close()
        let foreign = CacheStore.sealed(at: path, key: Self.otherKey)
        #expect(foreign.month(Fixtures.november, scope: Fixtures.ana) == nil, "another key: discarded, never misread")
        foreign.close()
    }

    @Test func aClearCacheIsSealedAtTheFirstUnlockWithNothingLost() throws {
        let path = folder().appendingPathComponent("cache.sqlite").path
        let details = Fixtures.details(transactionCount: 50)
        let clear = CacheStore.open(at: path)
        clear.saveMonth(details, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        clear.close()
        #expect(holds("Dépense 17", path), "the old clear file")
        let sealed = CacheStore.sealed(at: path, key: Self.key)
        #expect(sealed.month(Fixtures.november, scope: Fixtures.ana)?.value == .budget(details))
        #expect(!holds("Dépense 17", path) && !SealedFiles.isClearDatabase(path))
        for leftover in [".clear", ".sealing"] { #expect(!FileManager.default.fileExists(atPath: path + leftover)) }
        #expect(Fixtures.mode(of: path) == 0o600)
        sealed.close()
    }

    @Test func aSealedOutboxHoldsNoNameAndALockedOneRefuses() throws {
        let path = folder().appendingPathComponent("outbox.sqlite").path
        let store = try OutboxStore.sealed(at: path, key: Self.key, now: Fixtures.t0)
        try store.enqueue(expense("a", name: "Pharmacie Amavita"), month: Fixtures.november, scope: Fixtures.ana, at: Fixtures.t0)
        #expect(!holds("Pharmacie", path) && !holds("44.19", path))
        store.seal()
        #expect(throws: OutboxError.locked) { try store.pendingCount(scope: Fixtures.ana) }
        #expect(throws: OutboxError.locked) {
            try store.enqueue(expense("b", name: "Migros"), month: Fixtures.november, scope: Fixtures.ana, at: Fixtures.t0)
        }
        try store.unseal(with: Self.key, now: Fixtures.t0)
        #expect(try store.items(scope: Fixtures.ana).map(\.transaction?.name) == ["Pharmacie Amavita"])
        let reader = try #require(try OutboxStore.sealedForReading(at: path, key: Self.key))
        #expect(try reader.pendingCount(scope: Fixtures.ana) == 1)
    }

    @Test func aClearOutboxIsSealedWithEveryItemAndAForeignOneIsSetAsideNotLost() throws {
        let directory = folder()
        let path = directory.appendingPathComponent("outbox.sqlite").path
        let clear = try OutboxStore.open(at: path, now: Fixtures.t0)
        try clear.enqueue(expense("a", name: "Pharmacie Amavita"), month: Fixtures.november, scope: Fixtures.ana, at: Fixtures.t0)
        try clear.enqueue(expense("b", name: "Coop"), month: Fixtures.november, scope: Fixtures.ana, at: Fixtures.t0)
        try (clear.writer as? DatabasePool)?.close()
        let sealed = try OutboxStore.sealed(at: path, key: Self.key, now: Fixtures.t0)
        #expect(try sealed.items(scope: Fixtures.ana).map(\.id) == ["a", "b"])
        #expect(!holds("Pharmacie", path))
        sealed.seal()
        let foreign = try OutboxStore.sealed(at: path, key: Self.otherKey, now: Fixtures.t0)
        #expect(try foreign.items(scope: Fixtures.ana).isEmpty)
        let aside = try #require(foreign.opening.setAside)
        let kept = try OutboxStore.sealed(at: aside.keptAs, key: Self.key, now: Fixtures.t0)
        #expect(try kept.items(scope: Fixtures.ana).map(\.id) == ["a", "b"], "set aside byte for byte: the right key reads it")
    }

    /// Files in clear as the last release wrote them (`Fixtures/`, made by the store's clear
    /// open before sealing existed: schema v4, a month of 40 rows and a year list; an outbox of two
    /// expenses), sealed at the first unlock with nothing lost.
    @Test func theLastReleasesFilesAreSealedWithNothingLost() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let directory = folder()
        let cachePath = directory.appendingPathComponent("cache.sqlite").path
        let outboxPath = directory.appendingPathComponent("outbox.sqlite").path
        try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent("clear-cache.sqlite").path, toPath: cachePath)
        try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent("clear-outbox.sqlite").path, toPath: outboxPath)
        #expect(holds("Dépense 17", cachePath) && holds("Pharmacie Amavita", outboxPath), "the fixtures are in clear")

        let cache = CacheStore.sealed(at: cachePath, key: Self.key)
        #expect(cache.month(Fixtures.november, scope: Fixtures.ana)?.value == .budget(Fixtures.details(transactionCount: 40)))
        #expect(cache.year(2026, scope: Fixtures.ana)?.value == Fixtures.yearList)
        let outbox = try OutboxStore.sealed(at: outboxPath, key: Self.key, now: Fixtures.t0)
        #expect(try outbox.items(scope: Fixtures.ana).map(\.transaction?.name) == ["Pharmacie Amavita", "Coop Pronto"])
        #expect(!holds("Dépense 17", cachePath) && !holds("Pharmacie Amavita", outboxPath) && !holds("44.19", outboxPath))
        cache.close()
    }

    @Test func aDataKeyWrapsAndOpensOnlyWithItsWrappingKey() throws {
        let wrapping = [UInt8](repeating: 7, count: 32)
        let wrapped = try #require(Self.key.wrapped(with: wrapping))
        #expect(wrapped.open(with: wrapping) == Self.key)
        #expect(wrapped.open(with: [UInt8](repeating: 8, count: 32)) == nil)
        var damaged = wrapped
        damaged.sealed[3] ^= 1
        #expect(damaged.open(with: wrapping) == nil)
    }
}
