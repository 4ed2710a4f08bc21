import Foundation
import GRDB

/// The untyped layer under the typed accessors: one row per `(scope, CacheKey)`, with failures
/// turned into log lines.
extension CacheStore {
    /// A row as stored: `payload` is the domain's JSON, or `nil` for "known empty".
    struct StoredEntry: Sendable {
        var payload: Data?
        var fetchedAt: Date
    }

    /// Inserts or replaces the entry in one small transaction.
    @discardableResult
    func writeEntry(_ payload: Data?, key: CacheKey, scope: CacheScope, fetchedAt: Date) -> Bool {
        let record = CacheEntryRecord(key, scope: scope, payload: payload, fetchedAt: fetchedAt)
        return write("save \(key)") { db in try record.insert(db, onConflict: .replace) }
    }

    /// The stored row, or `nil` (missing, or the read failed and was reported).
    func readEntry(key: CacheKey, scope: CacheScope) -> StoredEntry? {
        readEntry(key: key, scope: scope, alongside: { _ in () })?.entry
    }

    /// The stored row and what `alongside` reads in the same transaction (a month's rows), so a
    /// concurrent save is seen whole or not at all.
    private func readEntry<Extra>(key: CacheKey, scope: CacheScope,
                                  alongside: (Database) -> Extra) -> (entry: StoredEntry, extra: Extra)? {
        let found = read("read \(key)") { db -> (StoredEntry, Extra)? in
            guard let record = try CacheEntryRecord.fetchOne(db, key: Self.primaryKey(key, scope)) else { return nil }
            return (StoredEntry(payload: record.payload, fetchedAt: Date(timeIntervalSince1970: record.fetchedAt)),
                    alongside(db))
        }
        guard let (entry, extra) = found ?? nil else { return nil }
        return (entry, extra)
    }

    /// Reads and decodes an entry; an entry that no longer decodes (schema drift, damage) is a miss,
    /// is reported, and is deleted so it is not decoded again at every start.
    ///
    /// Decoding runs outside the database access, so a large month never holds a connection.
    func loadEntry<Value>(key: CacheKey, scope: CacheScope, decode: (Data?) throws -> Value) -> Cached<Value>? {
        loadEntry(key: key, scope: scope, alongside: { _ in () }, decode: { payload, _ in try decode(payload) })
    }

    /// `loadEntry` for an entry with more to read in the same transaction (`alongside`), handed
    /// to `decode` with the payload.
    func loadEntry<Value, Extra>(key: CacheKey, scope: CacheScope, alongside: (Database) -> Extra,
                                 decode: (Data?, Extra) throws -> Value) -> Cached<Value>? {
        guard let (entry, extra) = readEntry(key: key, scope: scope, alongside: alongside) else { return nil }
        do {
            return Cached(value: try decode(entry.payload, extra), fetchedAt: entry.fetchedAt)
        } catch {
            onProblem("cache: dropped unreadable \(key) (\(error))")
            deleteEntry(key: key, scope: scope, ifFetchedAt: entry.fetchedAt)
            return nil
        }
    }

    /// Deletes the entry only if it is still the one that was read, so a fresh entry written in
    /// the meantime by another task survives.
    func deleteEntry(key: CacheKey, scope: CacheScope, ifFetchedAt fetchedAt: Date) {
        var droppedMonth = false
        write("drop \(key)") { db in
            try db.execute(sql: """
                DELETE FROM cacheEntry WHERE serverKey = ? AND userId = ? AND kind = ? AND key = ? AND fetchedAt = ?
                """, arguments: [scope.serverKey, scope.userId, key.kind, key.key, fetchedAt.timeIntervalSince1970])
            if case .month = key, db.changesCount > 0 {
                try CachedTransactionRows.delete(monthKey: key.key, scope: scope, in: db)
                droppedMonth = true
            }
        }
        // The replica lacks a month now: its next read must not be skipped as unchanged (decision 117).
        if droppedMonth, let replica = replica(scope: scope), replica.value.digest != nil {
            saveReplica(ReplicaRecord(months: replica.value.months), scope: scope, fetchedAt: replica.fetchedAt)
        }
    }

    /// Runs `body` in a read, reporting a failure as `cache: cannot <action>`; `nil` then.
    func read<T>(_ action: @autoclosure () -> String, _ body: (Database) throws -> T) -> T? {
        guard let writer else { return nil }
        do {
            return try writer.read(body)
        } catch {
            onProblem("cache: cannot \(action()) (\(error))")
            return nil
        }
    }

    /// Runs `body` in a write transaction, reporting a failure as `cache: cannot <action>`;
    /// whether it committed.
    @discardableResult
    func write(_ action: @autoclosure () -> String, _ body: (Database) throws -> Void) -> Bool {
        guard let writer else { return false }
        monthReads.writeBegins()
        do {
            try writer.write(body)
            if case let .file(path) = storage { CacheGeneration.bump(besides: path) }
            return true
        } catch {
            onProblem("cache: cannot \(action()) (\(error))")
            return false
        }
    }

    static func primaryKey(_ key: CacheKey, _ scope: CacheScope) -> [String: (any DatabaseValueConvertible)?] {
        ["serverKey": scope.serverKey, "userId": scope.userId, "kind": key.kind, "key": key.key]
    }
}
