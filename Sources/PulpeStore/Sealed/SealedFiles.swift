import CSealedFiles
import Foundation
import GRDB

/// The process's side of sealed SQLite files (`CSealedFiles`, decision 83): the VFS installed
/// once, a key registered for a database path before it is opened and forgotten after it is
/// closed, and the one-time sealing of a file written in clear by an older pulpe.
public enum SealedFiles {
    /// Whether the VFS is in place; false when libcrypto cannot be opened (then nothing seals).
    public static var isAvailable: Bool { pulpe_sealed_install() == 0 }

    /// Registers `key` for the database at `path` (and its -wal): files opened from now on are
    /// sealed with it. False when sealing is not available.
    @discardableResult
    static func register(_ path: String, key: DataKey) -> Bool {
        guard isAvailable else { return false }
        return key.bytes.withUnsafeBufferPointer { pulpe_sealed_register(path, $0.baseAddress) } == 0
    }

    /// Forgets the key of `path` (after its connections are closed).
    static func forget(_ path: String) {
        pulpe_sealed_forget(path)
    }

    /// SQLite's magic: a database file that begins with it is in clear.
    private static let magic = Array("SQLite format 3\u{0}".utf8)

    /// Whether the file at `path` is a database in clear (an older pulpe's, or a test's).
    static func isClearDatabase(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: magic.count)) ?? Data()
        return Array(head) == magic
    }

    /// Seals a database found in clear at `path`, in one step that cannot lose it: SQLite copies
    /// it whole into `<path>.sealing` under `key` (`VACUUM INTO`, which also folds in its write-ahead
    /// log), the copy takes the file's place by a rename, and the clear bytes are overwritten with
    /// zeros before they are unlinked. A run killed before the rename leaves the clear file as it
    /// was (the next open seals it again); after it, only the zeroing is left to finish.
    /// No-op when the file is not in clear. Throws when the copy cannot be made: the clear file
    /// is then untouched.
    static func sealInPlace(_ path: String, key: DataKey) throws {
        let aside = path + ".clear"
        guard isClearDatabase(path) || FileManager.default.fileExists(atPath: aside) else { return }
        // Two pulpe processes starting together must not both seal it.
        let lock = OutboxOpenLock(path: path + ".seal")
        defer { lock?.release() }
        if FileManager.default.fileExists(atPath: aside) {
            if FileManager.default.fileExists(atPath: path) {
                wipe(aside)
            } else {
                try FileManager.default.moveItem(atPath: aside, toPath: path)
            }
        }
        guard isClearDatabase(path) else { return }
        let sealing = path + ".sealing"
        for stale in [sealing, sealing + "-wal", sealing + "-journal"] { try? FileManager.default.removeItem(atPath: stale) }
        guard register(sealing, key: key) else { throw SealingUnavailable() }
        defer { forget(sealing) }
        // Made empty first, 0600: SQLite would create it with the umask's mode.
        _ = try CacheFiles.prepareFile(at: sealing)
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM INTO ?", arguments: [sealing])
        }
        try queue.close()
        try FileManager.default.moveItem(atPath: path, toPath: aside)
        try FileManager.default.moveItem(atPath: sealing, toPath: path)
        for companion in ["-wal", "-shm"] { wipe(path + companion) }
        wipe(aside)
    }

    /// Overwrites the file at `path` with zeros, syncs it and unlinks it (nothing when absent).
    static func wipe(_ path: String) {
        let descriptor = open(path, O_WRONLY)
        if descriptor >= 0 {
            var info = stat()
            if fstat(descriptor, &info) == 0, info.st_size > 0 {
                let zeros = [UInt8](repeating: 0, count: 64 * 1024)
                var left = Int(info.st_size)
                while left > 0 {
                    let written = zeros.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, min(left, zeros.count)) }
                    if written <= 0 { break }
                    left -= written
                }
                fsync(descriptor)
            }
            close(descriptor)
        }
        unlink(path)
    }
}
