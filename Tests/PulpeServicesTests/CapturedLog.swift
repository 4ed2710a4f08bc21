import Foundation
import Logging
import PulpeCore
import PulpeDomain
import PulpeNetworking
import PulpeStore
import Synchronization
import Testing
@testable import PulpeServices

/// Collects log lines (level and message) from any task.
final class CapturedLog: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func append(_ line: String) { lines.withLock { $0.append(line) } }

    var logger: Logger {
        Logger(label: "test") { _ in CapturingHandler(log: self) }
    }

    struct CapturingHandler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { log.append("\(event.level) \(event.message)") }
    }
}
