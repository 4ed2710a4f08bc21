import Foundation
import GRDB

/// The cache as a sealed file (decision 83): its pages encrypted with the data key,
/// readable only while the key is in hand. Locked, the cache answers every read with a miss and
/// drops every write — the app then shows the lock screen, and the server's answers refill it.
extension CacheStore {
    /// The cache file at `path`, sealed: opened with `key` when one is given, else locked until
    /// `unseal(with:)`. Without libcrypto nothing can be sealed: the cache then lives in memory
    /// for the run (no amount reaches the disk in clear).
    public static func sealed(at path: String, key: DataKey?, onProblem: @escaping @Sendable (String) -> Void = { _ in })
        -> CacheStore {
        let store = CacheStore(writer: nil, storage: .file(path: path), onProblem: onProblem)
        if let key { store.unseal(with: key) }
        return store
    }

    /// The file's path while it is sealed and locked (nil when open, or not sealed).
    var lockedPath: String? {
        guard case let .file(path) = storage else { return nil }
        return database.withLock { $0.writer == nil && $0.key == nil } ? path : nil
    }

    /// Points the locked file's store at another file (another account's: decision 111); false,
    /// and nothing changed, when it is open or not a file.
    @discardableResult
    public func repoint(to path: String) -> Bool {
        database.withLock { open in
            guard open.writer == nil, open.key == nil else { return false }
            return place.withLock { place in
                guard case .file = place else { return false }
                place = .file(path: path)
                remembered.forgetAll()
                return true
            }
        }
    }

    /// Whether the file is open (unsealed) now.
    public var isUnsealed: Bool { database.withLock { $0.writer != nil } }

    /// Opens the sealed file with `key` (a no-op when it is open with that key already). A file
    /// an older pulpe wrote in clear is sealed first (`SealedFiles.sealInPlace`); one that cannot
    /// be, or that another key sealed, is discarded like any unusable cache: it only holds copies.
    /// A key the VFS does not take leaves the file closed: the cache lives in memory for the run.
    public func unseal(with key: DataKey) {
        guard case let .file(path) = storage else { return }
        database.withLock { open in
            guard open.key != key else { return }
            Self.close(open.writer, storage: storage)
            open = OpenDatabase()
            SealedFiles.forget(path)
            remembered.forgetAll()
            guard SealedFiles.isAvailable else {
                onProblem("cache: \(SealingUnavailable()); using an in-memory cache for this run")
                open.writer = try? CacheDatabase.openMemory()
                return
            }
            do {
                try SealedFiles.sealInPlace(path, key: key)
            } catch {
                onProblem("cache: cannot seal \(path) (\(error)); discarding it")
                try? CacheFiles.discard(at: path)
            }
            do {
                try SealedFiles.register(path, key: key)
            } catch {
                // Never the file without its key: SQLite would write it in clear (decision 98).
                onProblem("cache: \(error); using an in-memory cache for this run")
                open.writer = try? CacheDatabase.openMemory()
                return
            }
            open.writer = Self.openWriter(at: path, onProblem: onProblem).writer
            open.key = key
        }
    }

    /// Locks the file: its connections closed, its key forgotten, the rows remembered for the
    /// next save let go. Reads miss and writes are dropped until `unseal(with:)`.
    public func seal() {
        guard case let .file(path) = storage else { return }
        database.withLock { open in
            guard open.key != nil else { return }
            Self.close(open.writer, storage: storage)
            open = OpenDatabase()
            SealedFiles.forget(path)
        }
        remembered.forgetAll()
    }
}
