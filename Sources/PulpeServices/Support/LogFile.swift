import Foundation
import Logging
import PulpeDomain

/// An append-only log file (created with mode 0600, its folder 0700), shared by every logger.
///
/// The TUI owns the terminal, so nothing may be printed: every log line goes here instead.
/// Writes are serialised by a lock and done with `write(2)` on an O_APPEND descriptor, so
/// concurrent tasks never interleave halves of lines.
///
/// The file is bounded (decision 100): past `limit` bytes it is renamed `pulpe.log.1` (replacing
/// the previous one) and a new one is started, so the log never holds more than two limits' worth.
public final class LogFile: @unchecked Sendable {  // the descriptor and the size are only used under `lock`
    /// 1 MiB: weeks of a day's use (a start writes a dozen lines), small enough to read whole.
    public static let defaultLimit = 1 << 20

    private let url: URL
    private let limit: Int
    private var descriptor: Int32
    /// What this process believes the file holds: checked against the disk only when it passes
    /// `limit`, since another pulpe may write (or rotate) the same file.
    private var size: Int
    private let lock = NSLock()

    /// The rotated copy beside `url` (`pulpe.log.1`).
    public static func rotated(_ url: URL) -> URL { URL(fileURLWithPath: url.path + ".1") }

    /// Nil when the file cannot be opened (the caller falls back to discarding logs).
    public init?(url: URL, limit: Int = LogFile.defaultLimit) {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        self.url = url
        self.limit = limit
        guard let opened = Self.openFile(url, limit: limit) else { return nil }
        (descriptor, size) = opened
    }

    deinit { close(descriptor) }

    func write(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        var bytes = Array(line.utf8)
        if size + bytes.count > limit { rotate(before: bytes.count) }
        bytes.withUnsafeMutableBytes { buffer in
            let written = Foundation.write(descriptor, buffer.baseAddress, buffer.count)
            if written > 0 { size += written }
        }
    }

    /// Past the limit with `count` more bytes: the file is renamed aside if it is still the one at
    /// `url` and really that large (another process may have rotated it already), and the file at
    /// `url` is opened.
    private func rotate(before count: Int) {
        var held = stat()
        var named = stat()
        let current = fstat(descriptor, &held) == 0 && stat(url.path, &named) == 0
            && held.st_dev == named.st_dev && held.st_ino == named.st_ino
        if current, named.st_size > 0, Int(named.st_size) + count > limit {
            _ = Foundation.rename(url.path, Self.rotated(url).path)
        }
        guard let reopened = Self.openFile(url, limit: limit) else {
            // The folder is gone or unwritable: keep writing where we were rather than nowhere.
            size = Int(held.st_size)
            return
        }
        close(descriptor)
        (descriptor, size) = reopened
    }

    /// Opens (or creates) the file at `url`, first setting aside one already past `limit`; nil
    /// when it cannot be opened or is not a regular file.
    private static func openFile(_ url: URL, limit: Int) -> (descriptor: Int32, size: Int)? {
        var existing = stat()
        if lstat(url.path, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG, Int(existing.st_size) >= limit {
            _ = Foundation.rename(url.path, rotated(url).path)
        }
        // O_NONBLOCK: a FIFO in the log's place would otherwise block the start until a reader came;
        // a regular file ignores it. Anything but a regular file is not written to.
        let fd = open(url.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return nil
        }
        // An existing log opened up to others is tightened like the other private files.
        if info.st_mode & 0o077 != 0 { _ = fchmod(fd, 0o600) }
        return (fd, Int(info.st_size))
    }

    /// Sets a log written by another process (the built-in sandbox's stderr, decision 100) aside
    /// as `<name>.1` when it has reached `limit`, before that process opens it again: the same one
    /// copy as `pulpe.log`'s, replaced each time. Nothing when it is smaller, absent, or not a
    /// regular file.
    public static func setAsideIfFull(_ url: URL, limit: Int = LogFile.defaultLimit) {
        var existing = stat()
        guard lstat(url.path, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG, Int(existing.st_size) >= limit else { return }
        _ = Foundation.rename(url.path, rotated(url).path)
    }

    /// Removes the log and its rotated copy (`pulpe forget`): what this process writes after
    /// goes to a file no name reaches, gone when it exits.
    public static func remove(at url: URL) {
        unlink(url.path)
        unlink(rotated(url).path)
    }
}
