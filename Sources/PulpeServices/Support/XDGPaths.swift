import Foundation

/// Where pulpe keeps its files, following the XDG base directory specification so that
/// configuration, data, cache and logs land where a Linux user expects them.
public struct XDGPaths: Sendable, Equatable {
    public var config: URL
    public var data: URL
    public var cache: URL
    public var state: URL

    public init(environment: [String: String]) {
        let home = URL(fileURLWithPath: environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSTemporaryDirectory())
        func base(_ key: String, _ fallback: String) -> URL {
            // The spec says relative paths are invalid and must be ignored.
            if let value = environment[key], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
            return home.appendingPathComponent(fallback)
        }
        config = base("XDG_CONFIG_HOME", ".config").appendingPathComponent("pulpe")
        data = base("XDG_DATA_HOME", ".local/share").appendingPathComponent("pulpe")
        cache = base("XDG_CACHE_HOME", ".cache").appendingPathComponent("pulpe")
        state = base("XDG_STATE_HOME", ".local/state").appendingPathComponent("pulpe")
    }

    /// The log file; logs never go to the screen.
    public var logFile: URL { state.appendingPathComponent("pulpe.log") }

    /// The built-in sandbox's own log (its stderr), beside `pulpe.log`.
    public var sandboxLogFile: URL { state.appendingPathComponent("sandbox.log") }
}
