import Foundation
import GRDB

/// The cache's tables, created and evolved by a `DatabaseMigrator` so a newer pulpe can add
/// migrations without throwing away the old cache.
enum CacheSchema {
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 cacheEntry") { db in
            // Row ids stay (no WITHOUT ROWID): a month's payload can weigh megabytes, which SQLite
            // advises against storing inside a clustered primary key.
            try db.create(table: CacheEntryRecord.databaseTableName) { table in
                table.column("serverKey", .text).notNull()
                table.column("userId", .text).notNull()
                table.column("kind", .text).notNull()
                table.column("key", .text).notNull()
                // NULL means "known to be empty" (a month without budget).
                table.column("payload", .blob)
                // Seconds since 1970 as a REAL: exact round trip of `Date`, unlike GRDB's text dates (ms).
                table.column("fetchedAt", .double).notNull()
                table.primaryKey(["serverKey", "userId", "kind", "key"])
            }
        }
        migrator.registerMigration("v2 cachedTransaction") { db in
            try CachedTransactionRows.createTable(in: db)
        }
        migrator.registerMigration("v3 rowsVersion") { db in
            // A month's rows, stamped anew at every save: what proves a remembered copy is still
            // the one on disk (`RememberedMonths`). NULL: written by an older pulpe, never trusted.
            try db.alter(table: CacheEntryRecord.databaseTableName) { table in table.add(column: "rowsVersion", .integer) }
        }
        migrator.registerMigration("v4 month figures") { db in
            // A month's figures and transaction count (`StoredMonthFigures`), written with its rows:
            // a preview paints them before a 100 000-row month is read (`CacheStore.monthPreview`).
            // NULL: written by an older pulpe; the month is then read whole.
            try db.alter(table: CacheEntryRecord.databaseTableName) { table in table.add(column: "figures", .blob) }
        }
        return migrator
    }()
}
