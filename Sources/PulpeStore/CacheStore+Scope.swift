import Foundation
import GRDB
import PulpeDomain

/// Whole-scope operations.
extension CacheStore {
    /// Whether anything at all is cached for `scope`: decides if « Continuer hors ligne » is offered.
    public func hasAnyData(scope: CacheScope) -> Bool {
        // Locked, the file cannot say whose data it holds: that it holds some is all it can say.
        if let lockedPath { return FileManager.default.fileExists(atPath: lockedPath) }
        return read("check for cached data") { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM cacheEntry WHERE serverKey = ? AND userId = ?)",
                              arguments: [scope.serverKey, scope.userId]) ?? false
        } ?? false
    }

    /// The months of `scope` the cache holds, oldest first (what an offline search looks through).
    public func cachedMonths(scope: CacheScope) -> [BudgetMonth] {
        let keys = read("list the cached months") { db in
            try String.fetchAll(db, sql: "SELECT key FROM cacheEntry WHERE serverKey = ? AND userId = ? AND kind = 'month'",
                                arguments: [scope.serverKey, scope.userId])
        } ?? []
        return keys.compactMap(CacheKey.month(ofKey:)).sorted()
    }

    /// Forgets everything cached for `scope` (sign-out, `pulpe forget`), in one transaction; other
    /// scopes stay. Then the file is rewritten (`VACUUM`) and the log emptied: deleted rows stay in
    /// SQLite's free pages and its WAL otherwise, and the replica is the account's whole history.
    public func clear(scope: CacheScope) {
        if case let .file(path) = storage { ReplicaStamp.forget(besides: path) }
        if let lockedPath {
            // Locked, no row can be picked out: the whole sealed file goes (it is only copies).
            for file in [lockedPath] + CacheFiles.companionSuffixes.map({ lockedPath + $0 }) { SealedFiles.wipe(file) }
            return
        }
        write("clear the cache") { db in
            try db.execute(sql: "DELETE FROM cacheEntry WHERE serverKey = ? AND userId = ?",
                           arguments: [scope.serverKey, scope.userId])
            try CachedTransactionRows.deleteAll(scope: scope, in: db)
        }
        guard let writer else { return }
        do {
            try writer.vacuum()
            try writer.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        } catch {
            onProblem("cache: cannot compact after clearing (\(error))")
        }
    }
}
