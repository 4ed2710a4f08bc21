import Foundation
import PulpeTestSupport

/// `--scenario browse`: the month panel with a very long month, against a real `pulpe-server`.
///
/// One `pulpe-server` holds the demo data plus `--transactions` small expenses in the current
/// month. A first, unmeasured start signs in with « Essayer la démo » and waits for the fresh
/// month, which fills the cache. Then the budgets are slowed down on the server (the status check
/// is not), so every measured start paints the *cached* month first, as a returning user sees it:
/// exec → first frame, exec → cached month painted, then (once the fresh copy has arrived)
/// keystroke-to-paint while scrolling and memory.
enum BrowseScenario {
    /// Server-side delay of `/api/v1/budgets…` during measured runs: far longer than the cache needs.
    static let budgetsLatencyMilliseconds = 1500
    static let loadedMarker = "Transactions ("

    static func run(_ options: BenchOptions, samples: inout SampleSet, failures: inout [String]) throws {
        let serverBinary = URL(fileURLWithPath: options.binary).deletingLastPathComponent()
            .appendingPathComponent("pulpe-server").path
        let server = try SandboxProcess(port: SandboxProcess.freePort(),
                                        arguments: ["--demo-extra-transactions", "\(options.transactions)"],
                                        binary: serverBinary)
        defer { server.stop() }
        let home = try TemporaryDirectory(prefix: "pulpe-bench-browse")
        defer { home.remove() }
        let environment = PTYEnvironment.standard(home: home.path, extra: options.environment)
        let arguments = ["--api-url", server.apiURL] + options.appArguments

        try signIn(options, arguments: arguments, environment: environment)
        try server.setLatency(milliseconds: budgetsLatencyMilliseconds, pathPrefix: "/api/v1/budgets")

        BenchRuns.each(options, samples: &samples, failures: &failures) { runSamples in
            let process = try PTYProcess(options.binary, args: arguments, env: environment,
                                         rows: options.rows, cols: options.cols)
            defer { process.terminate() }
            try measureStart(process, options, into: &runSamples)
            try ScrollProbe.measure(process, options, into: &runSamples)
            process.send("q")
            guard process.waitExit(timeout: 5) == 0 else { throw RunFailure(description: "no clean exit after q") }
        }
    }

    /// « Essayer la démo », then the fresh current month: the cache now holds it.
    static func signIn(_ options: BenchOptions, arguments: [String], environment: [String: String]) throws {
        let p = try PTYProcess(options.binary, args: arguments, env: environment, rows: options.rows, cols: options.cols)
        defer { p.terminate() }
        guard p.waitText("Essayer la démo", timeout: options.timeout) else {
            throw RunFailure(description: "no login screen:\n\(p.screen.text)")
        }
        p.sendKey(.ctrl("d"))
        guard p.waitText(loadedMarker, timeout: 60), p.waitText("Mis à jour à", timeout: 60) else {
            throw RunFailure(description: "the demo month never loaded:\n\(p.screen.text)")
        }
        p.settle(quiet: 0.3, timeout: 5)
        p.send("q")
        guard p.waitExit(timeout: 10) == 0 else { throw RunFailure(description: "sign-in run did not quit cleanly") }
    }

    private static func measureStart(_ p: PTYProcess, _ options: BenchOptions, into samples: inout SampleSet) throws {
        guard p.pump(timeout: options.timeout, until: { $0.hasPaintedFrame }), let painted = p.lastReadAt else {
            throw RunFailure(description: "no frame painted:\n\(p.screen.text)")
        }
        samples.add("startup", "exec to first frame", "ms", Monotonic.milliseconds(from: p.spawnedAt, to: painted))
        guard p.pump(timeout: options.timeout, until: { $0.text.contains(loadedMarker) }), let month = p.lastReadAt else {
            throw RunFailure(description: "the cached month never showed:\n\(p.screen.text)")
        }
        let elapsed = Monotonic.milliseconds(from: p.spawnedAt, to: month)
        // The server holds the budgets back for longer than that: this paint can only be the cache.
        guard elapsed < Double(budgetsLatencyMilliseconds) else {
            throw RunFailure(description: "the month took \(Int(elapsed)) ms: not from the cache")
        }
        samples.add("startup", "exec to cached month painted", "ms", elapsed)
        // The fresh copy (two slowed requests, then decoding) replaces it; scrolling is measured after.
        guard p.waitText("Mis à jour à", timeout: 30) else {
            throw RunFailure(description: "the fresh month never arrived:\n\(p.screen.text)")
        }
        if let memory = ProcessMetrics.memory(pid: p.pid) {
            samples.add("memory", "RSS with the month loaded", "MiB", memory.residentMiB)
        }
        p.settle(quiet: 0.3, timeout: 5)
    }
}
