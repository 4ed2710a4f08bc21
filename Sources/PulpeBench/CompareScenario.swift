import Foundation
import PulpeTestSupport

/// `--scenario compare`: pulpe and the peer a user would pick instead (hledger-ui) side by side, on
/// the same data, in one run, as ratios (this machine drifts ~25 % between runs; ratios do not).
///
/// One `pulpe-server` holds the demo household (494 transactions over the year) plus
/// `--transactions` more; the same transactions become an hledger journal. Per run, in turn:
/// - pulpe, a returning user (cache filled by an unmeasured sign-in), the server holding the
///   budgets back 3 s: exec → cached month painted; peak RSS once the fresh month is in; CPU over
///   `--window` seconds idle on the panels;
/// - pulpe, every request (the maintenance check included) delayed 3 s: exec → cached month painted;
/// - pulpe, every request held far longer than the window: CPU over the window while they wait;
/// - hledger-ui on the journal: exec → first screen with data; peak RSS; CPU idle over the window.
enum CompareScenario {
    static let heldMilliseconds = 3000
    /// Longer than start-up plus the window: every request is still pending when it closes.
    static let stuckMilliseconds = 30_000
    static let monthMarker = "Transactions ("
    static let peerMarker = "actifs:banque"

    static func run(_ options: BenchOptions, samples: inout SampleSet, failures: inout [String]) throws {
        let serverBinary = URL(fileURLWithPath: options.binary).deletingLastPathComponent()
            .appendingPathComponent("pulpe-server").path
        let server = try SandboxProcess(port: SandboxProcess.freePort(),
                                        arguments: ["--demo-extra-transactions", "\(options.transactions)"],
                                        binary: serverBinary)
        defer { server.stop() }
        let home = try TemporaryDirectory(prefix: "pulpe-bench-compare")
        defer { home.remove() }
        let environment = PTYEnvironment.standard(home: home.path, extra: options.environment)
        let arguments = ["--api-url", server.apiURL] + options.appArguments
        try BrowseScenario.signIn(options, arguments: arguments, environment: environment)

        let household = try server.transactions(email: "demo@pulpe.local")
        let journal = home.path + "/household.journal"
        try HouseholdJournal.text(household).write(toFile: journal, atomically: true, encoding: .utf8)
        BenchMain.printError("compare: \(household.count) transactions on the server and in \(journal)")
        let peer = FileManager.default.isExecutableFile(atPath: options.peer) ? options.peer : nil
        if peer == nil { BenchMain.printError("compare: no \(options.peer) (make bench-deps): pulpe figures only") }

        BenchRuns.each(options, samples: &samples, failures: &failures) { runSamples in
            // Each measurement on its own: one that fails is reported, the others still count.
            var problems: [String] = []
            func attempt(_ body: () throws -> Void) {
                do { try body() } catch { problems.append("\(error)") }
            }
            attempt {
                try server.setLatency(milliseconds: heldMilliseconds, pathPrefix: "/api/v1/budgets")
                try measureReturningUser(options, arguments: arguments, environment: environment, into: &runSamples)
            }
            attempt {
                try server.setLatency(milliseconds: heldMilliseconds)
                try measureSlowServer(options, arguments: arguments, environment: environment, into: &runSamples)
            }
            attempt {
                try server.setLatency(milliseconds: stuckMilliseconds)
                try measureWaitingCPU(options, arguments: arguments, environment: environment, into: &runSamples)
            }
            try server.setLatency(milliseconds: 0)
            if let peer {
                attempt { try measurePeer(options, binary: peer, journal: journal, home: home.path, into: &runSamples) }
            }
            if !problems.isEmpty { throw RunFailure(description: problems.joined(separator: "\n")) }
        }
        addRatios(&samples)
    }

    private static func spawn(_ options: BenchOptions, _ arguments: [String], _ environment: [String: String]) throws -> PTYProcess {
        try PTYProcess(options.binary, args: arguments, env: environment, rows: options.rows, cols: options.cols)
    }

    private static func monthPainted(_ p: PTYProcess, _ options: BenchOptions, _ what: String) throws -> Double {
        guard p.pump(timeout: options.timeout, until: { $0.text.contains(monthMarker) }), let seen = p.lastReadAt else {
            throw RunFailure(description: "\(what): the cached month never showed:\n\(p.screen.text)")
        }
        let elapsed = Monotonic.milliseconds(from: p.spawnedAt, to: seen)
        guard elapsed < Double(heldMilliseconds) else {
            throw RunFailure(description: "\(what): the month took \(Int(elapsed)) ms: it waited on the server")
        }
        return elapsed
    }

    private static func quit(_ p: PTYProcess, _ what: String) throws {
        p.send("q")
        guard p.waitExit(timeout: 5) == 0 else { throw RunFailure(description: "\(what): no clean exit after q") }
    }

    private static func measureReturningUser(_ options: BenchOptions, arguments: [String], environment: [String: String],
                                             into samples: inout SampleSet) throws {
        let p = try spawn(options, arguments, environment)
        defer { p.terminate() }
        samples.add("pulpe", "exec → cached month painted, budgets held 3 s", "ms",
                    try monthPainted(p, options, "budgets held"))
        guard p.waitText("Mis à jour à", timeout: 30) else {
            throw RunFailure(description: "the fresh month never arrived:\n\(p.screen.text)")
        }
        p.settle(quiet: 0.3, timeout: 5)
        // The line's « Mis à jour » fades by itself: let it, then the panels are truly idle.
        p.pump(timeout: 3)
        guard let idle = measureIdle(p, seconds: options.window) else { throw RunFailure(description: "pulpe exited while idle") }
        samples.add("pulpe", "CPU idle on the panels over \(Int(options.window)) s", "ms", idle.cpu.cpuSeconds * 1000)
        if let memory = ProcessMetrics.memory(pid: p.pid) {
            samples.add("pulpe", "peak RSS (VmHWM), separate server", "MiB", memory.peakResidentMiB)
        }
        try quit(p, "returning user")
    }

    private static func measureSlowServer(_ options: BenchOptions, arguments: [String], environment: [String: String],
                                          into samples: inout SampleSet) throws {
        let p = try spawn(options, arguments, environment)
        defer { p.terminate() }
        samples.add("pulpe", "exec → cached month painted, every request delayed 3 s", "ms",
                    try monthPainted(p, options, "every request delayed"))
        try quit(p, "slow server")
    }

    private static func measureWaitingCPU(_ options: BenchOptions, arguments: [String], environment: [String: String],
                                          into samples: inout SampleSet) throws {
        let p = try spawn(options, arguments, environment)
        defer { p.terminate() }
        _ = try monthPainted(p, options, "requests held")
        p.settle(quiet: 0.3, timeout: 2)
        guard let waiting = measureIdle(p, seconds: options.window) else {
            throw RunFailure(description: "pulpe exited while its requests waited")
        }
        samples.add("pulpe", "CPU over \(Int(options.window)) s while requests wait on the server", "ms",
                    waiting.cpu.cpuSeconds * 1000)
        try quit(p, "requests held")
    }

    private static func measurePeer(_ options: BenchOptions, binary: String, journal: String, home: String,
                                    into samples: inout SampleSet) throws {
        let environment = PTYEnvironment.standard(home: home, extra: options.environment)
        let p = try PTYProcess(binary, args: ["-f", journal], env: environment, rows: options.rows, cols: options.cols)
        defer { p.terminate() }
        guard p.pump(timeout: options.timeout, until: { $0.text.contains(peerMarker) }), let seen = p.lastReadAt else {
            throw RunFailure(description: "hledger-ui never showed its accounts:\n\(p.screen.text)")
        }
        samples.add("hledger-ui", "exec → first screen with data", "ms", Monotonic.milliseconds(from: p.spawnedAt, to: seen))
        p.settle(quiet: 0.3, timeout: 5)
        guard let idle = measureIdle(p, seconds: options.window) else { throw RunFailure(description: "hledger-ui exited") }
        samples.add("hledger-ui", "CPU idle over \(Int(options.window)) s", "ms", idle.cpu.cpuSeconds * 1000)
        if let memory = ProcessMetrics.memory(pid: p.pid) {
            samples.add("hledger-ui", "peak RSS (VmHWM)", "MiB", memory.peakResidentMiB)
        }
        p.send("q")
        _ = p.waitExit(timeout: 5)
    }

    /// pulpe ÷ hledger-ui on the medians of this run.
    private static func addRatios(_ samples: inout SampleSet) {
        let medians = Dictionary(samples.summaries.map { ("\($0.section)/\($0.name)", $0.median) }) { a, _ in a }
        let pairs: [(String, String, String)] = [
            ("exec → cached month painted, budgets held 3 s ÷ exec → first screen",
             "pulpe/exec → cached month painted, budgets held 3 s", "hledger-ui/exec → first screen with data"),
            ("exec → cached month painted, every request delayed 3 s ÷ exec → first screen",
             "pulpe/exec → cached month painted, every request delayed 3 s", "hledger-ui/exec → first screen with data"),
            ("peak RSS ÷ peak RSS", "pulpe/peak RSS (VmHWM), separate server", "hledger-ui/peak RSS (VmHWM)"),
        ]
        for (name, ours, theirs) in pairs {
            guard let a = medians[ours], let b = medians[theirs], b > 0, a.isFinite else { continue }
            samples.add("pulpe ÷ hledger-ui", name, "×", a / b)
        }
    }
}
