import Foundation
import GRDB
import PulpeDomain
import PulpeStore

/// In-memory databases with the real schemas, made once per process (a new one per input would
/// measure SQLite's start-up, not the row conversion).
enum StoreDatabases {
    /// One input at a time: each target empties, fills and reads back its shared database, and the
    /// test runner replays a target's seeds and regression files side by side (a race there once
    /// failed `make test`: another input's rows read in between).
    private static let lock = NSLock()

    static func alone(_ body: () throws(FuzzViolation) -> Void) throws(FuzzViolation) {
        lock.lock()
        defer { lock.unlock() }
        try body()
    }

    static let cache: DatabaseQueue = {
        let queue = try! DatabaseQueue()
        try! queue.write { db in try CachedTransactionRows.createTable(in: db) }
        return queue
    }()

    static let outbox: DatabaseQueue = {
        let queue = try! DatabaseQueue()
        try! OutboxSchema.migrator.migrate(queue)
        return queue
    }()
}
