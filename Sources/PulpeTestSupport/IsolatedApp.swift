/// A program started in a pty with its own fresh HOME (XDG directories and TMPDIR inside it), so that no
/// configuration, token, cache or database leaks between tests, benchmark runs or from the developer.
///
/// Keep the object alive for the duration of the test; releasing it kills and reaps the process first,
/// then deletes the home directory.
public final class IsolatedApp {
    public let process: PTYProcess
    public let home: TemporaryDirectory

    /// `environment` is added to `PTYEnvironment.standard(home:)` and wins over it.
    public init(_ path: String, args: [String] = [], environment: [String: String] = [:],
                rows: Int = 24, cols: Int = 80) throws {
        home = try TemporaryDirectory(prefix: "pulpe-app")
        let env = PTYEnvironment.standard(home: home.path, extra: environment)
        process = try PTYProcess(path, args: args, env: env, rows: rows, cols: cols)
    }

    deinit {
        process.terminate()
        home.remove()
    }
}
