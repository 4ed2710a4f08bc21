import Foundation
import Logging
import PulpeDomain

/// An append-only log file (created with mode 0600, its folder 0700), shared by every logger.
///
/// The TUI owns the terminal, so nothing may be printed: every log line goes here instead.
/// Writes are serialised by a lock and done with `write(2)` on an O_APPEND descriptor, so
/// concurrent tasks never interleave halves of lines.
public final class LogFile: @unchecked Sendable {  // the descriptor is only used under `lock`
    private let descriptor: Int32
    private let lock = NSLock()

    /// Nil when the file cannot be opened (the caller falls back to discarding logs).
    public init?(url: URL) {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
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
        descriptor = fd
    }

    deinit { close(descriptor) }

    func write(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        var bytes = Array(line.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            _ = Foundation.write(descriptor, buffer.baseAddress, buffer.count)
        }
    }
}
