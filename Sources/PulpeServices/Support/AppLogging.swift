import Foundation
import Logging

/// Every logger of the process (ours, the sandbox's, Hummingbird's) writes to the log file in the
/// XDG state dir: nothing may print over the interface, or into a shell command's output.
public enum AppLogging {
    /// Once per process (swift-log traps on a second bootstrap): a shell command that starts the
    /// services twice (`pulpe tag rm` reads the replica, then stores) keeps the first.
    public static func bootstrap(paths: XDGPaths) -> Logger {
        once.run {
            let file = LogFile(url: paths.logFile)
            LoggingSystem.bootstrap { (label: String) -> any LogHandler in
                if let file { return FileLogHandler(label: label, file: file) }
                return SwiftLogNoOpLogHandler()
            }
        }
        return Logger(label: "pulpe")
    }

    private static let once = Once()
}

/// Runs a block the first time only, whichever thread asks.
private final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false

    func run(_ block: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        guard !done else { return }
        done = true
        block()
    }
}
