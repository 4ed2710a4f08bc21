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

/// A swift-log handler writing one line per record to a `LogFile`:
/// `2026-11-21T14:32:05.123+01:00 info pulpe: message key=value`.
public struct FileLogHandler: LogHandler {
    private let file: LogFile
    private let label: String
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info

    public init(label: String, file: LogFile) {
        self.file = file
        self.label = label
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        // The domain's writer, not ISO8601DateFormatter: that one opens an ICU date formatter
        // (megabytes mapped) for a line the app writes many times.
        let stamp = PulpeDate.format(Date(), timeZone: .system, fractionDigits: 3)
        file.write("\(stamp) \(event.level) \(label): \(event.message)\(fields.isEmpty ? "" : " " + fields)\n")
    }
}
