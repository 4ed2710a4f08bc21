import Foundation
import GRDB
import Synchronization
import PulpeDomain

/// The durable outbox (docs/product.md §4): expenses entered but not yet on the server, in their own
/// SQLite file in the XDG data dir, shared by every `pulpe` process of the user (the TUI and
/// `pulpe add` at the same time).
///
/// Every write is a committed transaction with `synchronous = FULL` in WAL mode: when `enqueue`
/// returns, the expense survives a kill -9 or a power cut. Sending goes through a claim taken in
/// an immediate transaction, so two processes never send the same item at once; a claim older
/// than `claimTimeout` belongs to a process that died and is taken over. Every method throws:
/// the outbox never fails quietly.
public final class OutboxStore: Sendable {
    /// The open database; nil while a sealed file is locked (every call then throws `.locked`).
    let database: Mutex<OpenOutbox>
    var writer: (any DatabaseWriter)? { database.withLock { $0.writer } }
    /// The file, or nil in memory. A sealed file's place may change while it is locked (`repoint`).
    public var path: String? { place.withLock { $0 } }
    let place: Mutex<String?>

    /// What opening found and fixed: a damaged file set aside, modes tightened (for the log, the
    /// TUI and the shell's stderr).
    public var opening: OutboxOpening { database.withLock { $0.opening } }

    /// What `database` holds: the connection, what opening it found, the key of a sealed file.
    struct OpenOutbox: Sendable {
        var writer: (any DatabaseWriter)?
        var opening = OutboxOpening()
        var key: DataKey?
    }

    init(writer: (any DatabaseWriter)?, path: String?, opening: OutboxOpening = OutboxOpening()) {
        database = Mutex(OpenOutbox(writer: writer, opening: opening))
        place = Mutex(path)
    }

    /// `$XDG_DATA_HOME/pulpe/outbox.sqlite`, else `~/.local/share/pulpe/outbox.sqlite` (see `StorePaths`).
    public static func defaultPath(environment: [String: String]) -> String {
        StorePaths.path("outbox.sqlite", variable: "XDG_DATA_HOME", fallback: ".local/share", environment: environment)
    }

    /// Opens (creating if needed) the outbox at `path`, mode 0600 in a 0700 folder.
    ///
    /// A file that is not a readable outbox (garbage, truncated, damaged pages, another program's
    /// database, a directory in its place) is never deleted: it is moved aside, byte for byte, as
    /// `outbox-damaged-<UTC stamp>.sqlite` with its `-wal`, and a fresh outbox takes its place so
    /// new expenses are still kept (`opening.setAside` says so; decision 40). A file that cannot be
    /// used for another reason (a full or read-only disk, a folder that cannot be made, a lock held
    /// too long) is left exactly where it is and this throws `.unusable`: adding then says why.
    public static func open(at path: String, now: Date = Date()) throws(OutboxError) -> OutboxStore {
        let (pool, opening) = try openPool(at: path, now: now)
        return OutboxStore(writer: pool, path: path, opening: opening)
    }

    /// The pool `open(at:now:)` makes, and what opening found.
    static func openPool(at path: String, now: Date) throws(OutboxError) -> (DatabasePool, OutboxOpening) {
        var opening = OutboxOpening()
        do {
            opening.tightened += try CacheFiles.prepareFolder(for: path)
        } catch {
            throw .unusable(path: path, reason: "\(error)")
        }
        let lock = OutboxOpenLock(path: path)
        defer { lock?.release() }
        // Before the read-only look: SQLite gives the `-shm` it may create the file's mode.
        if let line = CacheFiles.tightenIfRegular(path) { opening.tightened.append(line) }
        if case let .damaged(reason) = OutboxInspection.inspect(path) {
            // Without the lock another pulpe may be judging the same file: leave it untouched.
            guard lock != nil else { throw .damaged(path: path, reason: reason) }
            opening.setAside = try DamagedOutbox.setAside(path, reason: reason, at: now)
        }
        do {
            opening.tightened += try CacheFiles.prepareFile(at: path)
        } catch {
            throw .unusable(path: path, reason: "\(error)")
        }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try OutboxSchema.migrator.migrateIfNeeded(pool)
            opening.tightened += try CacheFiles.prepareFile(at: path)
        } catch {
            // The read-only look found nothing wrong with the bytes: what failed is the disk (full,
            // read-only, I/O) or a lock — never a reason to move the file.
            throw .unusable(path: path, reason: "\(error)")
        }
        return (pool, opening)
    }

    /// The outbox at `path` for reading only (the read-only shell commands): nothing is created,
    /// migrated or set aside, and the file's bytes are never written — a read-write open commits a
    /// small write at every start (GRDB makes sure the WAL exists, then SQLite folds it back at
    /// close). Modes opened up are still tightened (`opening.tightened`), as by every command. Nil
    /// when there is no outbox yet; a file that cannot be read throws, and is left for the next
    /// write to judge (and set aside if damaged).
    public static func openForReading(at path: String) throws(OutboxError) -> OutboxStore? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        var opening = OutboxOpening()
        opening.tightened += (try? CacheFiles.prepareFolder(for: path)) ?? []
        if let line = CacheFiles.tightenIfRegular(path) { opening.tightened.append(line) }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "pulpe.outbox.reading"
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA temp_store = MEMORY") }
        do {
            return OutboxStore(writer: try DatabaseQueue(path: path, configuration: configuration), path: path, opening: opening)
        } catch {
            throw .unusable(path: path, reason: "\(error)")
        }
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
            // Temporary files stay in memory: they would be written in clear (decision 83).
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            // A new file's pages are the sealing cipher's 4096-byte units; the VFS refuses others.
            try db.execute(sql: "PRAGMA page_size = 4096")
        }
        return configuration
    }

    /// Runs `work` in a write transaction taken immediately (the write lock from BEGIN), mapping
    /// every failure to `OutboxError`.
    func write<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) throws(OutboxError) -> T {
        guard let writer else { throw .locked }
        let path = path
        do {
            return try writer.writeWithoutTransaction { db in
                var result: T?
                var count = 0
                try db.inTransaction(.immediate) {
                    result = try work(db)
                    count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outboxItem") ?? 0
                    return .commit
                }
                // Still under the write lock: the count beside the file is this commit's.
                if let path { OutboxCount.record(count, besides: path) }
                return result!
            }
        } catch let error as OutboxError {
            throw error
        } catch {
            throw .database("\(error)")
        }
    }

    func read<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) throws(OutboxError) -> T {
        guard let writer else { throw .locked }
        do {
            return try writer.read(work)
        } catch let error as OutboxError {
            throw error
        } catch {
            throw .database("\(error)")
        }
    }
}
