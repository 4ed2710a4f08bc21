import GRDB

/// Opens the SQLite side of the cache: a WAL `DatabasePool` on disk, or a `DatabaseQueue` in memory,
/// both migrated and ready.
enum CacheDatabase {
    /// Shared by both kinds of connection.
    static var configuration: Configuration {
        var configuration = Configuration()
        configuration.label = "pulpe.cache"
        // The TUI and `pulpe add` may write at the same moment; wait a little instead of failing.
        configuration.busyMode = .timeout(2)
        configuration.prepareDatabase { db in
            // WAL + NORMAL survives an app crash; a power cut may lose the last write, which for a
            // cache only means one refetch.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Sorts, VACUUM's copy and other temporary files stay in memory: they would be
            // written in clear beside the sealed file (decision 83).
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            // A new file's pages are the sealing cipher's 4096-byte units; the VFS refuses others.
            try db.execute(sql: "PRAGMA page_size = 4096")
            try SearchFunction.register(on: db)
        }
        return configuration
    }

    /// Opens (creating it if needed) the cache file at `path`.
    ///
    /// Throws when the file is not a usable cache: not SQLite, damaged (`PRAGMA quick_check`, unless
    /// `CacheCheckStamp` proves the file is as this pulpe closed it),
    /// unreadable, or with a schema the migrator can't bring up to date. The caller discards it then.
    /// Modes it had to tighten are told to `tightened`, one English line each.
    static func openFile(at path: String, tightened: (String) -> Void = { _ in }) throws -> DatabasePool {
        try CacheFiles.prepareFile(at: path).forEach(tightened)
        // Read before SQLite opens the file (opening may replay a write-ahead log into it).
        let trusted = CacheCheckStamp.isCurrent(path)
        let pool = try DatabasePool(path: path, configuration: configuration)
        try CacheSchema.migrator.migrateIfNeeded(pool)
        // A file exactly as this pulpe closed it needs no reading of every page (`CacheCheckStamp`).
        if !trusted {
            let report = try pool.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check") }
            guard report == "ok" else { throw CacheFileError.integrity(report ?? "no answer") }
        }
        // Now that WAL mode created `-wal` and `-shm`, make sure a stale wider mode did not survive.
        try CacheFiles.prepareFile(at: path).forEach(tightened)
        return pool
    }

    /// Whether an open failure says nothing about the file itself — another process holds a lock, or
    /// memory ran out — so the file must be kept (another pulpe may be using it) and only this run
    /// goes without it.
    static func isTransient(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return [.SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_NOMEM, .SQLITE_INTERRUPT].contains(error.resultCode)
    }

    /// A private in-memory database: for tests, and as the fallback when no file can be used.
    static func openMemory() throws -> DatabaseQueue {
        let queue = try DatabaseQueue(configuration: configuration)
        try CacheSchema.migrator.migrate(queue)
        return queue
    }
}
