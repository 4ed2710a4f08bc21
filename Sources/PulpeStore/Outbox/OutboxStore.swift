import Foundation
import GRDB
import PulpeDomain

/// The durable outbox (product.md §4): expenses entered but not yet on the server, in their own
/// SQLite file in the XDG data dir, shared by every `pulpe` process of the user (the TUI and
/// `pulpe add` at the same time).
///
/// Every write is a committed transaction with `synchronous = FULL` in WAL mode: when `enqueue`
/// returns, the expense survives a kill -9 or a power cut. Sending goes through a claim taken in
/// an immediate transaction, so two processes never send the same item at once; a claim older
/// than `claimTimeout` belongs to a process that died and is taken over. Every method throws:
/// the outbox never fails quietly.
public final class OutboxStore: Sendable {
    let writer: any DatabaseWriter
    /// The file, or nil in memory.
    public let path: String?

    init(writer: any DatabaseWriter, path: String?) {
        self.writer = writer
        self.path = path
    }

    /// `$XDG_DATA_HOME/pulpe/outbox.sqlite`, else `~/.local/share/pulpe/outbox.sqlite` (see `StorePaths`).
    public static func defaultPath(environment: [String: String]) -> String {
        StorePaths.path("outbox.sqlite", variable: "XDG_DATA_HOME", fallback: ".local/share", environment: environment)
    }

    /// Opens (creating if needed) the outbox at `path`, mode 0600 in a 0700 folder. A damaged file is
    /// reported and left exactly where it is: it may hold someone's expenses.
    public static func open(at path: String) throws(OutboxError) -> OutboxStore {
        do {
            try CacheFiles.prepareFolder(for: path)
            try CacheFiles.prepareFile(at: path)
        } catch {
            throw .unusable(path: path, reason: "\(error)")
        }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try OutboxSchema.migrator.migrate(pool)
            let report = try pool.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check") }
            guard report == "ok" else { throw OutboxError.damaged(path: path, reason: report ?? "no answer") }
            try CacheFiles.prepareFile(at: path)
        } catch let error as OutboxError {
            throw error
        } catch {
            throw .damaged(path: path, reason: "\(error)")
        }
        return OutboxStore(writer: pool, path: path)
    }

    /// A private outbox in memory, for tests.
    public static func inMemory() throws(OutboxError) -> OutboxStore {
        do {
            let queue = try DatabaseQueue(configuration: configuration)
            try OutboxSchema.migrator.migrate(queue)
            return OutboxStore(writer: queue, path: nil)
        } catch {
            throw .database("\(error)")
        }
    }

    static var configuration: Configuration {
        var configuration = Configuration()
        configuration.label = "pulpe.outbox"
        // Another pulpe may hold the write lock for a moment (its own claim or enqueue).
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // FULL: a commit is on disk (fsync) before `enqueue` returns — the promise the form makes.
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        return configuration
    }

    /// Runs `work` in a write transaction taken immediately (the write lock from BEGIN), mapping
    /// every failure to `OutboxError`.
    func write<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) throws(OutboxError) -> T {
        do {
            return try writer.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try work(db)
                    return .commit
                }
                return result!
            }
        } catch let error as OutboxError {
            throw error
        } catch {
            throw .database("\(error)")
        }
    }

    func read<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) throws(OutboxError) -> T {
        do {
            return try writer.read(work)
        } catch let error as OutboxError {
            throw error
        } catch {
            throw .database("\(error)")
        }
    }
}
