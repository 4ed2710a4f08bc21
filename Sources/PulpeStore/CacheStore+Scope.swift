import GRDB

/// Whole-scope operations.
extension CacheStore {
    /// Whether anything at all is cached for `scope`: decides if « Continuer hors ligne » is offered.
    public func hasAnyData(scope: CacheScope) -> Bool {
        read("check for cached data") { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM cacheEntry WHERE serverKey = ? AND userId = ?)",
                              arguments: [scope.serverKey, scope.userId]) ?? false
        } ?? false
    }

    /// Forgets everything cached for `scope` (logout), in one transaction; other scopes stay.
    public func clear(scope: CacheScope) {
        write("clear the cache") { db in
            try db.execute(sql: "DELETE FROM cacheEntry WHERE serverKey = ? AND userId = ?",
                           arguments: [scope.serverKey, scope.userId])
            try CachedTransactionRows.deleteAll(scope: scope, in: db)
        }
    }
}
