import ArgumentParser
import Foundation
import PulpeSandbox

/// The command line of `pulpe-server` (docs/product.md §5).
struct ServerOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pulpe-server",
        abstract: "Run the local Pulpe-compatible sandbox (HTTP API + SQLite, with demo data).",
        discussion: """
            The first line on stdout is `listening on http://127.0.0.1:PORT`; logs go to stderr.
            API base: http://127.0.0.1:PORT/api/v1 — auth: POST /auth/v1/token on the same origin.

            Demo account (created in an empty data directory):
              email    \(DemoAccount.email)
              password \(DemoAccount.password)
              PIN      \(DemoAccount.pin)   (pay day \(DemoAccount.payDayOfMonth), CHF)
            POST /api/v1/demo/session creates a throw-away demo user (client key 0123456789abcdef × 4).

            MAINTENANCE_MODE=true (exactly) starts in maintenance. Loopback-only admin routes switch
            things while running: GET|POST /__sandbox/maintenance {"enabled":true},
            /__sandbox/latency {"milliseconds":250}, /__sandbox/faults {"rate":0.2,"kinds":["500","drop"]};
            GET /__sandbox/transactions?email=E lists what a user holds.
            SIGTERM or SIGINT stops the server (exit 0); so does the end of stdin with --exit-with-stdin.
            """
    )

    @Option(help: "Port to listen on (0 = an ephemeral port).")
    var port = 3000

    @Option(help: "Interface to bind.")
    var host = "127.0.0.1"

    @Option(name: .customLong("data-dir"), help: "Data directory (default: $XDG_DATA_HOME/pulpe/sandbox).")
    var dataDir: String?

    @Flag(name: .customLong("in-memory"), help: "Keep data in memory only (lost on exit).")
    var inMemory = false

    @Option(help: "Delay added to every answer, in milliseconds.")
    var latency = 0

    @Option(name: .customLong("fault-rate"), help: "Fraction (0.0…1.0) of /api/v1 requests that fail on purpose.")
    var faultRate = 0.0

    @Option(help: """
        Kinds of injected failures: 500, 503 (not maintenance), drop (close the connection) fail before \
        anything is done; created-500, created-drop create the transaction of a POST /api/v1/transactions, \
        then answer 500 ERR_TRANSACTION_CREATE_FAILED or close the connection; slow delays the answer 0.5-3 s.
        """)
    var faults = "500,503,drop"

    @Option(name: .customLong("token-ttl"), help: "Access-token lifetime in seconds.")
    var tokenTTL = 3600

    @Option(name: .customLong("anon-key"), help: "Require this value in the `apikey` header of /auth/v1/token.")
    var anonKey: String?

    @Option(help: "Day the demo data is built around, YYYY-MM-DD (default: today, Europe/Zurich).")
    var today: String?

    @Option(help: "Seed of the demo data and fault draws.")
    var seed: UInt64 = 2026

    @Option(name: .customLong("demo-extra-transactions"),
            help: "Small expenses added to the demo data's current month (stress tests of long lists).")
    var demoExtraTransactions = 0

    @Option(name: .customLong("demo-months"), help: "Months of demo history before the current one (default 12).")
    var demoMonths = DemoSeed.monthsBefore

    @Option(name: .customLong("demo-month-transactions"),
            help: "Small expenses added to each past demo month (a heavy account: --demo-months 120 --demo-month-transactions 480).")
    var demoMonthTransactions = 0

    @Flag(name: .customLong("deployed-search"),
          help: "Text search as the deployed server answers it: no text query matches anything (tags still do).")
    var deployedSearch = false

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    @Flag(name: .customLong("print-today"),
          help: "Print the day this process takes for today (YYYY-MM-DD, PULPE_TODAY applied) and exit.")
    var printToday = false

    @Flag(name: .customLong("exit-with-stdin"),
          help: "Stop at the end of stdin: the parent holding the pipe's other end is gone (how pulpe starts it).")
    var exitWithStdin = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be within 0…65535, got \(port)") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
        guard !(inMemory && dataDir != nil) else { throw ValidationError("--in-memory and --data-dir exclude each other") }
        if let dataDir, dataDir.isEmpty { throw ValidationError("--data-dir must not be empty") }
        guard (0...60_000).contains(latency) else { throw ValidationError("--latency must be within 0…60000 ms") }
        guard faultRate.isFinite, (0...1).contains(faultRate) else {
            throw ValidationError("--fault-rate must be within 0.0…1.0")
        }
        guard FaultKind.parseList(faults) != nil else {
            let kinds = FaultKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--faults takes a list of \(kinds)")
        }
        guard (0...100_000).contains(demoExtraTransactions) else {
            throw ValidationError("--demo-extra-transactions must be within 0…100000")
        }
        guard (1...240).contains(demoMonths) else { throw ValidationError("--demo-months must be within 1…240") }
        guard (0...10_000).contains(demoMonthTransactions) else {
            throw ValidationError("--demo-month-transactions must be within 0…10000")
        }
        guard tokenTTL >= 1 else { throw ValidationError("--token-ttl must be at least 1 second") }
        if let today, SandboxConfiguration().settingToday(today) == nil {
            throw ValidationError("--today must be a date YYYY-MM-DD")
        }
        guard SandboxLogLevel(rawValue: logLevel) != nil else {
            let levels = SandboxLogLevel.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--log-level must be one of \(levels)")
        }
    }

    /// The sandbox configuration these options describe.
    func sandboxConfiguration(environment: [String: String]) -> SandboxConfiguration {
        var configuration = SandboxConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.storage = inMemory ? .inMemory
            : .directory(dataDir ?? SandboxConfiguration.defaultDataDirectory(environment: environment))
        configuration.maintenance = SandboxConfiguration.maintenanceRequested(environment: environment)
        configuration.latencyMilliseconds = latency
        configuration.faults = FaultSettings(rate: faultRate, kinds: FaultKind.parseList(faults) ?? FaultKind.defaultKinds)
        configuration.tokenTTLSeconds = tokenTTL
        configuration.anonKey = anonKey
        if let today { configuration = configuration.settingToday(today) ?? configuration }
        configuration.seed = seed
        configuration.demoExtraTransactions = demoExtraTransactions
        configuration.deployedSearch = deployedSearch
        configuration.demoHistory = DemoHistory(monthsBefore: demoMonths, extraPerPastMonth: demoMonthTransactions)
        configuration.logLevel = SandboxLogLevel(rawValue: logLevel) ?? .info
        return configuration
    }

    /// Parses `CommandLine.arguments`. `--help` prints and exits 0; any other problem prints one
    /// line on stderr and exits 2.
    static func parseOrExit() -> ServerOptions {
        do {
            return try parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            let firstLine = message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
            let text = firstLine.hasPrefix("Error: ") ? String(firstLine.dropFirst(7)) : firstLine
            FileHandle.standardError.write(Data("pulpe-server: \(text)\n".utf8))
            Foundation.exit(2)
        }
    }
}

extension SandboxConfiguration {
    /// A copy with `today` set, or `nil` when the text is not a date.
    func settingToday(_ text: String) -> SandboxConfiguration? {
        var copy = self
        return copy.setToday(iso: text) ? copy : nil
    }
}
