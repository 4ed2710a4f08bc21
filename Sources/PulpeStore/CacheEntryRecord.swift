import Foundation
import GRDB

/// One row of `cacheEntry`: a scope, an entry key, the domain's JSON and when it was fetched.
struct CacheEntryRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "cacheEntry"

    var serverKey: String
    var userId: String
    var kind: String
    var key: String
    var payload: Data?
    var fetchedAt: Double
    /// A month's rows' stamp, new at every save of the month (nil for other entries).
    var rowsVersion: Int64?
    /// A month's figures and row count as JSON (`StoredMonthFigures`; nil for other entries).
    var figures: Data?
}

extension CacheEntryRecord {
    /// The row for `key` of `scope`.
    init(_ key: CacheKey, scope: CacheScope, payload: Data?, fetchedAt: Date) {
        self.init(serverKey: scope.serverKey, userId: scope.userId, kind: key.kind, key: key.key, payload: payload,
                  fetchedAt: fetchedAt.timeIntervalSince1970, rowsVersion: nil, figures: nil)
    }
}
