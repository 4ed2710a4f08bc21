import Foundation
import PulpeTestSupport

/// `--scenario shell`: what a tmux status bar and a key binding pay for the shell commands.
///
/// One `pulpe-server` beside the binary; a first TUI run signs in with « Essayer la démo » and
/// fills the cache. Then, `--runs` times each, process start to exit of `pulpe status` with a
/// fresh cache (no request: the cache answers), `pulpe month` with a fresh cache, and `pulpe add`
/// online (outbox commit, budget lookup and the send, until the server has it).
enum ShellScenario {
    static func run(_ options: BenchOptions, samples: inout SampleSet, failures: inout [String]) throws {
        let serverBinary = URL(fileURLWithPath: options.binary).deletingLastPathComponent()
            .appendingPathComponent("pulpe-server").path
        let server = try SandboxProcess(port: SandboxProcess.freePort(), binary: serverBinary)
        defer { server.stop() }
        let home = try TemporaryDirectory(prefix: "pulpe-bench-shell")
        defer { home.remove() }
        let environment = PTYEnvironment.standard(home: home.path, extra: options.environment)
        let api = ["--api-url", server.apiURL]
        try BrowseScenario.signIn(options, arguments: api + options.appArguments, environment: environment)

        let commands: [(name: String, arguments: (Int) -> [String], expected: Int32)] = [
            ("pulpe status, fresh cache: start to exit", { _ in ["status"] + api }, 0),
            ("pulpe month, fresh cache: start to exit", { _ in ["month"] + api }, 0),
            ("pulpe add, online: start to exit (sent)", { ["add"] + api + ["1.\(String(format: "%02d", $0 % 100))", "Bench \($0)"] }, 0),
        ]
        for command in commands {
            _ = try time(options.binary, command.arguments(-1 + 1000), environment: environment)   // warm-up
            for index in 0..<options.runs {
                let (seconds, status) = try time(options.binary, command.arguments(index), environment: environment)
                guard status == command.expected else {
                    failures.append("\(command.name): exit \(status)")
                    continue
                }
                samples.add("shell", command.name, "ms", seconds * 1000)
            }
        }
    }

    /// Wall time from `Process.run` to the exit, output discarded.
    static func time(_ binary: String, _ arguments: [String], environment: [String: String]) throws -> (Double, Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let start = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - start
        return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, process.terminationStatus)
    }
}
