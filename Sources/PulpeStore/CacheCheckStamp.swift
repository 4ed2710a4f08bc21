import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Proof that the cache file is exactly as this pulpe left it after a clean close, so opening it
/// can skip `PRAGMA quick_check` (which reads every page: 30–45 ms for a file holding a
/// 100 000-row month, most of what a start spends in the cache before painting, decision 76).
///
/// The stamp, kept beside the file (`cache.sqlite.checked`, 0600), is the file's device, inode,
/// size, modification and change times (nanoseconds), written after the pool closed with no
/// write-ahead log left. The file was checked (or proven by an earlier stamp) when it was opened
/// and changed only through SQLite since, so it is as sound as the check left it. Any other
/// change — truncated, overwritten, replaced, touched, written by a pulpe that did not close
/// cleanly (its `-wal` is left) — moves one of those, and the next open checks the whole file as
/// before.
enum CacheCheckStamp {
    static let suffix = ".checked"

    /// The file as the stamp describes it; nil when it cannot prove anything (missing, not a
    /// regular file, or a write-ahead log with frames beside it).
    static func describe(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var wal = stat()
        if stat(path + "-wal", &wal) == 0, wal.st_size != 0 { return nil }
        return "pulpe cache check 1 \(info.st_dev) \(info.st_ino) \(info.st_size) "
            + "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)\n"
    }

    /// Whether the file is the one the stamp describes.
    static func isCurrent(_ path: String) -> Bool {
        guard let now = describe(path), let data = FileManager.default.contents(atPath: path + suffix) else { return false }
        return data == Data(now.utf8)
    }

    /// Stamps the file as it is now (after a clean close); nothing when it cannot be described.
    static func record(_ path: String) {
        forget(path)
        guard let now = describe(path) else { return }
        let temporary = path + suffix + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return }
        let bytes = Array(now.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count, rename(temporary, path + suffix) == 0 else {
            unlink(temporary)
            return
        }
    }

    /// Removes the stamp (the file is about to change in a way a stamp must not survive).
    static func forget(_ path: String) {
        unlink(path + suffix)
    }
}
