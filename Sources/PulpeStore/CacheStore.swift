import GRDB
import Synchronization

/// The local cache of the last good server data — settings, budget months and year lists — per
/// server and user, so pulpe starts instantly and keeps working offline (product §4).
///
/// The cache is best effort by design: no method throws. A failed write is reported and forgotten
/// (the next fetch writes again); a failed or undecodable read is a miss. Every such event goes to
/// `onProblem` as one English log line, so the app logs it without the cache depending on a logger.
///
/// Calls are synchronous and short (one small transaction each); `Sendable`, so one store can be
/// shared by every task of the app.
public final class CacheStore: Sendable {
    /// Where the entries live.
    public enum Storage: Sendable, Hashable {
        /// The SQLite file at `path` (WAL mode).
        case file(path: String)
        /// A private in-memory database, gone when the store is released.
        case memory
        /// Not even memory could be opened: every read is a miss, every write a no-op.
        case unavailable
    }

    /// Where the entries live now: a sealed file's place may change while it is locked (`repoint`).
    public var storage: Storage { place.withLock { $0 } }
    let place: Mutex<Storage>
    /// The open database: nil for `.unavailable`, and while a sealed file is locked (every read a
    /// miss, every write a no-op) — see `CacheStore+Sealing`.
    let database: Mutex<OpenDatabase>
    var writer: (any DatabaseWriter)? { database.withLock { $0.writer } }
    let onProblem: @Sendable (String) -> Void
    /// The rows of the last months written or read, to diff the next save against.
    let remembered = RememberedMonths()
    /// Month reads running now, which a read of the same month joins (`SharedReads`).
    let monthReads = SharedReads<Cached<MonthEntry>?>()

    /// What `database` holds: the connection, and for a sealed file the key it was opened with.
    struct OpenDatabase: Sendable {
        var writer: (any DatabaseWriter)?
        var key: DataKey?
    }

    init(writer: (any DatabaseWriter)?, storage: Storage, onProblem: @escaping @Sendable (String) -> Void) {
        database = Mutex(OpenDatabase(writer: writer, key: nil))
        place = Mutex(storage)
        self.onProblem = onProblem
    }

    /// Whether `close()` ran: it runs once, and then every read is a miss.
    private let closed = Mutex(false)

    /// Closes the file (at the end of a run), stamping it when the close was clean, so the next
    /// open need not read every page to check it (`CacheCheckStamp`). Nothing is stamped when the
    /// close fails or leaves a write-ahead log (another pulpe has the file open). Called by
    /// `AppServices.stop()` — a task still waiting on the server would otherwise keep the store,
    /// and so the file, open until the process ends — and by `deinit`.
    public func close() {
        guard closed.withLock({ done in defer { done = true }; return !done }) else { return }
        let open = database.withLock { open in defer { open = OpenDatabase() }; return open }
        Self.close(open.writer, storage: storage)
        if case let .file(path) = storage, open.key != nil { SealedFiles.forget(path) }
    }

    /// Closes `writer` when it is the file's pool, stamping the file when the close was clean.
    static func close(_ writer: (any DatabaseWriter)?, storage: Storage) {
        guard case let .file(path) = storage, let pool = writer as? DatabasePool else { return }
        do {
            // Readers first: the writer, closing last, then folds the write-ahead log into the
            // file and removes it (GRDB's `close()` closes the writer first, leaving the log).
            pool.releaseMemory()
            try pool.close()
            CacheCheckStamp.record(path)
        } catch {
            CacheCheckStamp.forget(path)
        }
    }

    deinit { close() }

    /// Opens the cache file at `path` (see `defaultPath(environment:)`); never fails.
    ///
    /// - A corrupt or unreadable file is deleted (with its `-wal`/`-shm`) and replaced by an empty
    ///   cache: it only holds copies of server data, and a stray copy of someone's amounts is worse
    ///   than a refetch.
    /// - A path that can't be used at all (empty, folder not creatable), or a file another process
    ///   keeps locked, gives an in-memory cache for this run; a locked file is left alone.
    /// - A file or folder found with wider permissions than 0600 / 0700 is tightened.
    /// Each of these is reported through `onProblem`.
    public static func open(at path: String, onProblem: @escaping @Sendable (String) -> Void = { _ in }) -> CacheStore {
        let opened = openWriter(at: path, onProblem: onProblem)
        return CacheStore(writer: opened.writer, storage: opened.storage, onProblem: onProblem)
    }

    /// The connection `open(at:)` makes, and where it ended up (the file, or memory when the file
    /// cannot be used).
    static func openWriter(at path: String, onProblem: @escaping @Sendable (String) -> Void)
        -> (writer: (any DatabaseWriter)?, storage: Storage) {
        guard !path.isEmpty else {
            onProblem("cache: no cache path given; using an in-memory cache for this run")
            return memoryWriter(onProblem: onProblem)
        }
        do {
            for line in try CacheFiles.prepareFolder(for: path) { onProblem("cache: permissions: \(line)") }
        } catch {
            onProblem("cache: cannot use \(path) (\(error)); using an in-memory cache for this run")
            return memoryWriter(onProblem: onProblem)
        }
        do {
            let pool = try CacheDatabase.openFile(at: path) { onProblem("cache: permissions: \($0)") }
            return (pool, .file(path: path))
        } catch where CacheDatabase.isTransient(error) {
            onProblem("cache: cannot open \(path) right now (\(error)); using an in-memory cache for this run")
            return memoryWriter(onProblem: onProblem)
        } catch {
            onProblem("cache: \(path) is not a usable cache (\(error)); discarding it and starting empty")
        }
        do {
            try CacheFiles.discard(at: path)
            return (try CacheDatabase.openFile(at: path), .file(path: path))
        } catch {
            onProblem("cache: cannot recreate \(path) (\(error)); using an in-memory cache for this run")
            return memoryWriter(onProblem: onProblem)
        }
    }

    private static func memoryWriter(onProblem: @escaping @Sendable (String) -> Void) -> (writer: (any DatabaseWriter)?, storage: Storage) {
        do {
            return (try CacheDatabase.openMemory(), .memory)
        } catch {
            onProblem("cache: cannot open an in-memory database (\(error)); running without cache")
            return (nil, .unavailable)
        }
    }

    /// A fresh cache in memory: for tests, or to run without touching the disk.
    public static func inMemory(onProblem: @escaping @Sendable (String) -> Void = { _ in }) -> CacheStore {
        let opened = memoryWriter(onProblem: onProblem)
        return CacheStore(writer: opened.writer, storage: opened.storage, onProblem: onProblem)
    }
}
