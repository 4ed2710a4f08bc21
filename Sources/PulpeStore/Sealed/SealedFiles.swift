import CSealedFiles
import Foundation
import GRDB
import Synchronization

/// The process's side of sealed SQLite files (`CSealedFiles`, decision 83): the VFS installed
/// once, a key registered for a database path before it is opened and forgotten after it is
/// closed, and the one-time sealing of a file written in clear by an older pulpe.
public enum SealedFiles {
    /// Whether the VFS is in place; false when libcrypto cannot be opened (then nothing seals).
    public static var isAvailable: Bool { pulpe_sealed_install() == 0 }

    /// Registers `key` for the database at `path` (and its -wal): files opened from now on are
    /// sealed with it. Throws when the VFS does not take it (no libcrypto, its registry full): the
    /// caller must then not open the file at all — without a key SQLite would read and write it
    /// in clear (decision 98).
    static func register(_ path: String, key: DataKey) throws(SealingUnavailable) {
        guard isAvailable else { throw SealingUnavailable(.noCrypto) }
        if refusesRegistration(path) { throw SealingUnavailable(.keyRefused(path: path, code: ResultCode.SQLITE_FULL.rawValue)) }
        let code = key.bytes.withUnsafeBufferPointer { pulpe_sealed_register(path, $0.baseAddress) }
        guard code == 0 else { throw SealingUnavailable(.keyRefused(path: path, code: code)) }
    }

    /// Paths whose key is refused as if the registry were full: a registration failure made by
    /// hand, one path at a time (PulpeStoreTests run in parallel and share the real registry).
    static let refusedForTesting = Mutex<Set<String>>([])

    /// The environment variable that refuses every key in a debug build, as a full registry
    /// would (the end-to-end tests' way to make the failure; a release build ignores it).
    static let registryFullVariable = "PULPE_TEST_SEALED_REGISTRY_FULL"

    private static func refusesRegistration(_ path: String) -> Bool {
        #if DEBUG
        if getenv(registryFullVariable) != nil { return true }
        #endif
        return refusedForTesting.withLock { $0.contains(path) }
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

    /// Seals a database found in clear at `path`, in steps that cannot lose it: SQLite copies it
    /// whole into `<path>.sealing` under `key` (`VACUUM INTO`, which also folds in its write-ahead
    /// log), the copy is synced, takes the file's place by two renames, and the directory is
    /// synced; only then are the clear bytes overwritten with zeros and unlinked (decision 98). A
    /// run killed before the renames leaves the clear file as it was (the next open seals it
    /// again); after them, only the zeroing is left to finish — once the directory is synced.
    /// No-op when the file is not in clear. Throws when the copy cannot be made or made durable:
    /// the clear file is then untouched.
    static func sealInPlace(_ path: String, key: DataKey, steps: SealingSteps = SealingSteps()) throws {
        let aside = path + ".clear"
        guard isClearDatabase(path) || FileManager.default.fileExists(atPath: aside) else { return }
        // Two pulpe processes starting together must not both seal it.
        let lock = OutboxOpenLock(path: path + ".seal")
        defer { lock?.release() }
        if FileManager.default.fileExists(atPath: aside) {
            if FileManager.default.fileExists(atPath: path) {
                // Killed after the renames: the names are made durable before the clear bytes go.
                try steps.syncDirectory(path)
                KillPoint.reached("resume-synced", file: path)
                steps.wipe(aside)
                try steps.syncDirectory(path)
            } else {
                try steps.rename(aside, path)
                try steps.syncDirectory(path)
            }
        }
        guard isClearDatabase(path) else { return }
        let sealing = path + ".sealing"
        for stale in [sealing, sealing + "-wal", sealing + "-journal"] { try? FileManager.default.removeItem(atPath: stale) }
        try register(sealing, key: key)
        defer { forget(sealing) }
        // Made empty first, 0600: SQLite would create it with the umask's mode.
        _ = try CacheFiles.prepareFile(at: sealing)
        try steps.copy(path, sealing)
        KillPoint.reached("copied", file: path)
        try steps.syncFile(sealing)
        KillPoint.reached("copy-synced", file: path)
        try steps.rename(path, aside)
        KillPoint.reached("renamed-aside", file: path)
        try steps.rename(sealing, path)
        KillPoint.reached("renamed-sealed", file: path)
        try steps.syncDirectory(path)
        KillPoint.reached("names-synced", file: path)
        for companion in ["-wal", "-shm"] { steps.wipe(path + companion) }
        KillPoint.reached("companions-wiped", file: path)
        steps.wipe(aside)
        KillPoint.reached("clear-wiped", file: path)
        try steps.syncDirectory(path)
        KillPoint.reached("sealed", file: path)
    }

    /// The kill points of `sealInPlace`, in order (`KillPoint`; `zeroed` is reached by the wipe of
    /// `<file>.clear`, between its zeros and its unlink).
    public static let killSteps = ["copied", "copy-synced", "renamed-aside", "renamed-sealed", "names-synced",
                                   "companions-wiped", "clear-wiped", "sealed"]

    /// SQLite copies the clear database at `from` whole into `to` (whose key is registered), its
    /// write-ahead log folded in, in 4096-byte pages whatever the clear file's were: the pragma
    /// sets the size `VACUUM INTO` gives its copy, the one the VFS accepts.
    static func copySealed(from: String, to: String) throws {
        let queue = try DatabaseQueue(path: from)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA page_size = 4096")
            try db.execute(sql: "VACUUM INTO ?", arguments: [to])
        }
        try queue.close()
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
            KillPoint.reached("zeroed", file: path)
        }
        unlink(path)
    }
}
