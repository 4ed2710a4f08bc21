import Foundation
import PulpeTestSupport

/// `--scenario shell`: what a tmux status bar and a key binding pay for the shell commands.
///
/// One `pulpe-server` beside the binary; a first TUI run signs in to the sandbox's password
/// account with its PIN (the key then kept by the key agent or the session keyring, as a user's
/// is) and fills the cache. Then, `--runs` times each, process start to exit and peak RSS of
/// `pulpe status` with a fresh cache as a status bar runs it — `status_figures` off, the default:
/// the launcher answers from the memo the app left in the key agent's memory — and with
/// `--api-url` (the app answers from the cache), `pulpe month` with a fresh cache, `pulpe
/// add` online (outbox commit, budget lookup and the send, until the server has it), and the peer
/// — `hledger bal` beside `--peer`, on the same household as a journal — with the ratios.
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
        try signIn(options, arguments: api + options.appArguments, environment: environment)

        let journal = home.path + "/household.journal"
        try HouseholdJournal.text(try server.transactions(email: "demo@pulpe.local")).write(toFile: journal, atomically: true,
                                                                                            encoding: .utf8)
        let hledger = URL(fileURLWithPath: options.peer).deletingLastPathComponent().appendingPathComponent("hledger").path

        // A status bar is configured once (the environment or the config file), not by flags: so
        // `pulpe status` runs as it would there, and the launcher may answer (decision 64). The
        // same with `--api-url` is the app's answer, measured beside it.
        let statusBar = environment.merging(["PULPE_API_URL": server.apiURL]) { $1 }
        var commands: [(section: String, name: String, binary: String, environment: [String: String], arguments: (Int) -> [String])] = [
            ("shell", "pulpe status, fresh cache", options.binary, statusBar, { _ in ["status"] }),
            ("shell", "pulpe status --api-url, fresh cache (the app)", options.binary, environment, { _ in ["status"] + api }),
            ("shell", "pulpe month, fresh cache", options.binary, environment, { _ in ["month"] + api }),
            ("shell", "pulpe add, online (sent)", options.binary, environment,
             { ["add"] + api + ["1.\(String(format: "%02d", $0 % 100))", "Bench \($0)"] }),
        ]
        if FileManager.default.isExecutableFile(atPath: hledger) {
            commands.append(("hledger", "hledger bal, household journal", hledger, environment, { _ in ["-f", journal, "bal"] }))
        } else {
            BenchMain.printError("shell: no \(hledger) (make bench-deps): pulpe figures only")
        }
        for command in commands {
            let environment = command.environment
            _ = try time(command.binary, command.arguments(-1 + 1000), environment: environment)   // warm-up
            for index in 0..<options.runs {
                let run = try time(command.binary, command.arguments(index), environment: environment)
                guard run.status == 0 else {
                    failures.append("\(command.name): exit \(run.status)")
                    continue
                }
                samples.add(command.section, command.name + ": start to exit", "ms", run.seconds * 1000)
            }
            for index in 0..<min(options.runs, 5) {
                guard let peak = try peakMiB(command.binary, command.arguments(index + 500), environment: environment,
                                             scratch: home.path) else { break }
                samples.add(command.section, command.name + ": peak RSS", "MiB", peak)
            }
        }
        addRatios(&samples)
    }

    /// Email, password and PIN on the TUI's screens, then the month loaded and `q`.
    static func signIn(_ options: BenchOptions, arguments: [String], environment: [String: String]) throws {
        let p = try PTYProcess(options.binary, args: arguments, env: environment, rows: options.rows, cols: options.cols)
        defer { p.terminate() }
        guard p.waitText("Mot de passe", timeout: options.timeout) else {
            throw RunFailure(description: "no login screen:\n\(p.screen.text)")
        }
        p.send("demo@pulpe.local")
        p.sendKey(.enter)
        p.send("pulpe-demo")
        p.sendKey(.enter)
        guard p.waitText("Code PIN", timeout: 30) else { throw RunFailure(description: "no PIN screen:\n\(p.screen.text)") }
        p.send("1234")
        guard p.waitText("Mis à jour à", timeout: 60) else {
            throw RunFailure(description: "the month never loaded:\n\(p.screen.text)")
        }
        p.settle(quiet: 0.3, timeout: 5)
        p.send("q")
        guard p.waitExit(timeout: 10) == 0 else { throw RunFailure(description: "sign-in run did not quit cleanly") }
    }

    /// pulpe status ÷ hledger bal on the medians of this run.
    private static func addRatios(_ samples: inout SampleSet) {
        let medians = Dictionary(samples.summaries.map { ("\($0.section)/\($0.name)", $0.median) }) { a, _ in a }
        for figure in ["start to exit", "peak RSS"] {
            guard let ours = medians["shell/pulpe status, fresh cache: \(figure)"],
                  let theirs = medians["hledger/hledger bal, household journal: \(figure)"], theirs > 0 else { continue }
            samples.add("pulpe ÷ hledger", "pulpe status ÷ hledger bal, \(figure)", "×", ours / theirs)
        }
    }

    /// Wall time from the spawn to the exit, output discarded. `posix_spawn` and a blocking
    /// `waitpid`, not `Process`: Foundation's `waitUntilExit` polls its run loop every 50 ms, which
    /// rounded every command up to 50.7 ms.
    /// The command's peak resident set, as GNU time reports it (`%M`), nil without /usr/bin/time
    /// (make bench-deps). Not `wait4`'s own figure: a child spawned with `posix_spawn` (vfork)
    /// keeps the spawner's high-water mark through `exec`, so every command read as the bench's
    /// 37.85 MiB; GNU time forks from a process of ~2 MiB.
    static func peakMiB(_ binary: String, _ arguments: [String], environment: [String: String], scratch: String) throws
        -> Double? {
        let gnuTime = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: gnuTime) else { return nil }
        let output = scratch + "/peak-rss.txt"
        _ = try time(gnuTime, ["-f", "%M", "-o", output, binary] + arguments, environment: environment)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        return text.split(separator: "\n").last.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }.map { $0 / 1024 }
    }

    static func time(_ binary: String, _ arguments: [String], environment: [String: String]) throws
        -> (seconds: Double, status: Int32) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, binary, &actions, nil, argv, envp)
        guard spawned == 0 else { throw BenchSpawnError(binary: binary, code: spawned) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let elapsed = ContinuousClock.now - start
        // WIFEXITED / WEXITSTATUS by hand (macros Swift cannot import).
        let code: Int32 = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, code)
    }
}
