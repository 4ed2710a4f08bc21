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

    public let storage: Storage
    /// `nil` only for `.unavailable`.
    let writer: (any DatabaseWriter)?
    let onProblem: @Sendable (String) -> Void
    /// The rows of the last months written or read, to diff the next save against.
    let remembered = RememberedMonths()
    /// Month reads running now, which a read of the same month joins (`SharedReads`).
    let monthReads = SharedReads<Cached<MonthEntry>?>()

    init(writer: (any DatabaseWriter)?, storage: Storage, onProblem: @escaping @Sendable (String) -> Void) {
        self.writer = writer
        self.storage = storage
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
        guard !path.isEmpty else {
            onProblem("cache: no cache path given; using an in-memory cache for this run")
            return inMemory(onProblem: onProblem)
        }
        do {
            for line in try CacheFiles.prepareFolder(for: path) { onProblem("cache: permissions: \(line)") }
        } catch {
            onProblem("cache: cannot use \(path) (\(error)); using an in-memory cache for this run")
            return inMemory(onProblem: onProblem)
        }
        do {
            let pool = try CacheDatabase.openFile(at: path) { onProblem("cache: permissions: \($0)") }
            return CacheStore(writer: pool, storage: .file(path: path), onProblem: onProblem)
        } catch where CacheDatabase.isTransient(error) {
            onProblem("cache: cannot open \(path) right now (\(error)); using an in-memory cache for this run")
            return inMemory(onProblem: onProblem)
        } catch {
            onProblem("cache: \(path) is not a usable cache (\(error)); discarding it and starting empty")
        }
        do {
            try CacheFiles.discard(at: path)
            return CacheStore(writer: try CacheDatabase.openFile(at: path), storage: .file(path: path), onProblem: onProblem)
        } catch {
            onProblem("cache: cannot recreate \(path) (\(error)); using an in-memory cache for this run")
            return inMemory(onProblem: onProblem)
        }
    }

    /// A fresh cache in memory: for tests, or to run without touching the disk.
    public static func inMemory(onProblem: @escaping @Sendable (String) -> Void = { _ in }) -> CacheStore {
        do {
            return CacheStore(writer: try CacheDatabase.openMemory(), storage: .memory, onProblem: onProblem)
        } catch {
            onProblem("cache: cannot open an in-memory database (\(error)); running without cache")
            return CacheStore(writer: nil, storage: .unavailable, onProblem: onProblem)
        }
    }
}
