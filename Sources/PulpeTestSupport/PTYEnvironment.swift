import Foundation

/// The explicit environment given to programs started in a pseudo-terminal.
///
/// Nothing is inherited from the test runner on purpose: an inherited `LINES`/`COLUMNS` would override the
/// pty size in ncurses, an inherited `LC_ALL=C` would break UTF-8 output, a real `HOME` would leak state,
/// and an interactive Swift backtracer would wait 30 s on a crash (measured on this project's machine; the
/// backtracer asks on the terminal before it exits).
public enum PTYEnvironment {
    /// `TERM`, `LANG`, `PATH`, a non-interactive backtracer and, when `home` is given, `HOME` plus
    /// XDG directories and `TMPDIR` inside it (`XDG_RUNTIME_DIR` is created with mode 0700 as the XDG spec
    /// requires; the others are left for the app to create). `extra` wins over every default.
    public static func standard(home: String? = nil, term: String = "xterm-256color",
                                extra: [String: String] = [:]) -> [String: String] {
        var env: [String: String] = [
            "TERM": term,
            "LANG": "C.UTF-8",
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "SWIFT_BACKTRACE": "interactive=no,color=no",
        ]
        if let home {
            let runtime = home + "/.run"
            try? FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                     attributes: [.posixPermissions: 0o700])
            env["HOME"] = home
            env["XDG_CONFIG_HOME"] = home + "/.config"
            env["XDG_DATA_HOME"] = home + "/.local/share"
            env["XDG_STATE_HOME"] = home + "/.local/state"
            env["XDG_CACHE_HOME"] = home + "/.cache"
            env["XDG_RUNTIME_DIR"] = runtime
            env["TMPDIR"] = home
        }
        env.merge(extra) { _, new in new }
        return env
    }

    /// `environment` with the test run's `PULPE_TODAY` (`SystemTime`) added when the run has one
    /// and `environment` does not set it: every process a test starts — the app, the shell, the
    /// sandbox — lives on the day the run is anchored on (`scripts/e2e.sh`, decision 80). With a
    /// `HOME` and no `XDG_RUNTIME_DIR`, the home's runtime folder too (`<home>/.run`, 0700, as
    /// `standard` sets it): the key agent's socket lives there (decision 103), so the shell finds
    /// the agent the TUI started, and parallel tests never share one.
    public static func anchoring(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        if let home = environment["HOME"], environment["XDG_RUNTIME_DIR"] == nil, FileManager.default.fileExists(atPath: home) {
            let runtime = home + "/.run"
            try? FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false,
                                                     attributes: [.posixPermissions: 0o700])
            environment["XDG_RUNTIME_DIR"] = runtime
        }
        let key = "PULPE_TODAY"
        guard let day = ProcessInfo.processInfo.environment[key], environment[key] == nil else { return environment }
        return environment.merging([key: day]) { old, _ in old }
    }
}
