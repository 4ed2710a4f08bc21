import Logging

/// Every logger of the process (ours, the sandbox's, Hummingbird's) writes to the log file in the
/// XDG state dir: nothing may print over the interface, or into a shell command's output.
public enum AppLogging {
    public static func bootstrap(paths: XDGPaths) -> Logger {
        let file = LogFile(url: paths.logFile)
        LoggingSystem.bootstrap { (label: String) -> any LogHandler in
            if let file { return FileLogHandler(label: label, file: file) }
            return SwiftLogNoOpLogHandler()
        }
        return Logger(label: "pulpe")
    }
}
