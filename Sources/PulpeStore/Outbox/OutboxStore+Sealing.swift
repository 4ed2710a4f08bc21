import Foundation
import GRDB

/// The outbox as a sealed file (decision 83). Unlike the cache, nothing here is ever
/// discarded: a clear outbox is sealed in one copy-and-rename, and a file this key cannot read is
/// set aside byte for byte, as a damaged one is (decision 40).
extension OutboxStore {
    /// The outbox at `path`, sealed: opened with `key` when one is given, else locked (every call
    /// throws `.locked`) until `unseal(with:now:)`.
    public static func sealed(at path: String, key: DataKey?, now: Date = Date()) throws(OutboxError) -> OutboxStore {
        // The folder is made (or found unusable) now, key or not: a disk that cannot hold the
        // outbox is said at start, not at the first write.
        var opening = OutboxOpening()
        do {
            opening.tightened += try CacheFiles.prepareFolder(for: path)
        } catch {
            throw .unusable(path: path, reason: "\(error)")
        }
        if let line = CacheFiles.tightenIfRegular(path) { opening.tightened.append(line) }
        let store = OutboxStore(writer: nil, path: path, opening: opening)
        if let key { try store.unseal(with: key, now: now) }
        return store
    }

    /// Points the locked store at another file (another account's outbox: decision 111); false,
    /// and nothing changed, when it is open or in memory. The folder is made at the next unseal.
    @discardableResult
    public func repoint(to path: String) -> Bool {
        database.withLock { open in
            guard open.writer == nil, open.key == nil else { return false }
            return place.withLock { place in
                guard place != nil else { return false }
                place = path
                open.opening = OutboxOpening()
                return true
            }
        }
    }

    /// Whether the file is open (unsealed) now.
    public var isUnsealed: Bool { database.withLock { $0.writer != nil } }

    /// Opens the sealed file with `key` (a no-op when it is open with that key already): an
    /// outbox an older pulpe wrote in clear is sealed first, nothing dropped. Throws as `open`
    /// does, and `.unsealable` when the VFS does not take the key; the store stays locked then.
    public func unseal(with key: DataKey, now: Date = Date()) throws(OutboxError) {
        guard let path else { return }
        let result: Result<Void, OutboxError> = database.withLock { open in
            guard open.key != key else { return .success(()) }
            try? (open.writer as? DatabasePool)?.close()
            open = OpenOutbox()
            SealedFiles.forget(path)
            guard SealedFiles.isAvailable else { return .failure(.unsealable(path: path, reason: "\(SealingUnavailable())")) }
            do {
                try SealedFiles.sealInPlace(path, key: key)
            } catch {
                // The clear file is untouched: nothing lost, and the next unlock tries again.
                return .failure(.unusable(path: path, reason: "cannot seal it: \(error)"))
            }
            do {
                try SealedFiles.register(path, key: key)
            } catch {
                // Never opened without its key: SQLite would read it in clear, find no outbox in
                // the sealed bytes, and set it aside for a fresh one in clear (decision 98).
                return .failure(.unsealable(path: path, reason: "\(error)"))
            }
            do throws(OutboxError) {
                let (pool, opening) = try Self.openPool(at: path, now: now)
                open = OpenOutbox(writer: pool, opening: opening, key: key)
                return .success(())
            } catch {
                SealedFiles.forget(path)
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Locks the file: its connections closed, its key forgotten; every call throws `.locked`
    /// until `unseal(with:now:)`.
    public func seal() {
        guard let path else { return }
        database.withLock { open in
            guard open.key != nil else { return }
            try? (open.writer as? DatabasePool)?.close()
            open = OpenOutbox()
            SealedFiles.forget(path)
        }
    }
}

extension OutboxStore {
    /// The sealed outbox at `path` for reading only (see `openForReading(at:)`): read with `key`,
    /// or a locked store (every call throws `.locked`) when there is none. Nil when no file exists.
    public static func sealedForReading(at path: String, key: DataKey?) throws(OutboxError) -> OutboxStore? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let key else { return OutboxStore(writer: nil, path: path) }
        // A clear file (an older pulpe's) is read as it is: only a read-write open seals it.
        if !SealedFiles.isClearDatabase(path) {
            do {
                try SealedFiles.register(path, key: key)
            } catch {
                throw .unsealable(path: path, reason: "\(error)")
            }
        }
        return try openForReading(at: path)
    }
}
