import GRDB

extension DatabaseMigrator {
    /// Migrates only a file that needs it. `migrate` always takes the write lock and commits, which
    /// on a WAL file opened after a clean close creates the `-wal` and syncs it and its folder: two
    /// `fdatasync` calls per store on every start, for nothing, when the schema is already current.
    /// A file migrated by a newer pulpe (`hasBeenSuperseded`) still goes through `migrate`, which
    /// says so as it always did.
    func migrateIfNeeded(_ pool: DatabasePool) throws {
        // Asked on the writer's connection, outside any transaction (a read commits nothing): a
        // reader would keep the old schema in its cache after the writer migrated.
        let current = try pool.writeWithoutTransaction { db in try hasCompletedMigrations(db) && !hasBeenSuperseded(db) }
        if !current { try migrate(pool) }
    }
}
