import Foundation
import Logging

/// A swift-log handler that appends one line per record to a file (created with mode 0600).
///
/// The TUI owns the terminal, so nothing may be printed: every log line goes here instead.
/// Writes are serialised by a lock and done with `write(2)` on an O_APPEND descriptor, so
/// concurrent tasks never interleave halves of lines.
public struct FileLogHandler: LogHandler {
    private final class Sink: @unchecked Sendable {  // the descriptor is only used under `lock`
        let descriptor: Int32
        let lock = NSLock()

        init?(path: String) {
            let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            guard fd >= 0 else { return nil }
            descriptor = fd
        }

        func write(_ line: String) {
            lock.lock()
            defer { lock.unlock() }
            var bytes = Array(line.utf8)
            bytes.withUnsafeMutableBytes { buffer in
                _ = Foundation.write(descriptor, buffer.baseAddress, buffer.count)
            }
        }
    }

    private let sink: Sink
    private let label: String
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info

    /// Nil when the file cannot be opened (the caller falls back to discarding logs).
    public init?(label: String, file: URL) {
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        guard let sink = Sink(path: file.path) else { return nil }
        self.sink = sink
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
        let stamp = ISO8601DateFormatter.string(from: Date(), timeZone: .current,
                                                formatOptions: [.withInternetDateTime, .withFractionalSeconds])
        sink.write("\(stamp) \(event.level) \(label): \(event.message)\(fields.isEmpty ? "" : " " + fields)\n")
    }
}
