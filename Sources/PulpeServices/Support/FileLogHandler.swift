import Foundation
import Logging
import PulpeDomain

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
