import Foundation
import Logging
import PulpeDomain

/// Everything `SandboxServer.start(_:)` needs. The defaults are those of `pulpe-server`, except
/// storage (in memory here; the command line defaults to the XDG data directory).
public struct SandboxConfiguration: Sendable {
    /// Where the data lives.
    public enum Storage: Sendable, Equatable {
        /// Gone when the server stops (tests, throw-away demos).
        case inMemory
        /// `DIR/sandbox.sqlite`, created if missing; survives restarts.
        case directory(String)
    }

    /// Interface to bind. Admin routes still answer loopback peers only.
    public var host = "127.0.0.1"
    /// 0 = an ephemeral port (read it back from `RunningSandbox.port`).
    public var port = 3000
    public var storage: Storage = .inMemory
    /// Maintenance mode at start (see `maintenanceRequested(environment:)`).
    public var maintenance = false
    /// Delay added before answering every request except the admin routes.
    public var latencyMilliseconds = 0
    public var faults = FaultSettings.none
    /// Access-token lifetime (`expires_in`).
    public var tokenTTLSeconds = 3600
    /// When set, `/auth/v1/token` requires this value in the `apikey` header, like a Supabase project.
    public var anonKey: String?
    /// The day demo data is built around (`nil` = today in `DemoSeed.timeZone` by `clock`).
    public var today: CalendarDay?
    /// Seed of the demo data generator and of fault draws.
    public var seed: UInt64 = 2026
    /// Creates the demo account (`DemoAccount.email`) in an empty database at start. Costs one PBKDF2
    /// derivation (600 000 rounds); tests that do not need the account turn it off.
    public var seedsDemoAccount = true
    /// Small expenses added to the demo data's current month (0 = the household as it is). For
    /// benchmarks and stress tests of long lists: `--demo-extra-transactions 10000`.
    public var demoExtraTransactions = 0
    /// Text search as deployed (`--deployed-search`): a text query matches nothing (§14.5).
    public var deployedSearch = false
    /// The demo account's history: a year by default; ten years of 500 transactions a month for
    /// the replica's benchmark.
    public var demoHistory = DemoHistory.standard
    /// `POST /encryption/validate-key` calls allowed per user per minute.
    public var validateKeyLimitPerMinute = 5
    /// Request bodies above this answer 413.
    public var maxBodyBytes = 64 * 1024
    public var clock = SandboxClock.system
    /// Lowest level logged (through swift-log; `SandboxLogging.bootstrapStandardError()` sends it to stderr).
    public var logLevel = SandboxLogLevel.info

    public init() {}

    var logger: Logger {
        var logger = Logger(label: "pulpe-sandbox")
        logger.logLevel = logLevel.level
        return logger
    }

    /// Hummingbird's own logger: quiet unless debugging. At `info` it would repeat the listening line,
    /// and a stop (task cancellation) makes it log a harmless "Waiting on child channel:
    /// CancellationError()" at `error`; our own logger reports what matters.
    var frameworkLogger: Logger {
        var logger = Logger(label: "pulpe-sandbox.http")
        logger.logLevel = logLevel.level <= .debug ? logLevel.level : .critical
        return logger
    }

    /// Sets `today` from `YYYY-MM-DD`; `false` (and no change) when the text is not a real date.
    public mutating func setToday(iso text: String) -> Bool {
        guard let day = CalendarDay(iso: text) else { return false }
        today = day
        return true
    }

    /// `MAINTENANCE_MODE`: only the exact string `true` turns maintenance on (`docs/contract.md` §4).
    public static func maintenanceRequested(environment: [String: String]) -> Bool {
        environment["MAINTENANCE_MODE"] == "true"
    }

    /// `$XDG_DATA_HOME/pulpe/sandbox`, else `~/.local/share/pulpe/sandbox`.
    public static func defaultDataDirectory(environment: [String: String]) -> String {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return (xdg as NSString).appendingPathComponent("pulpe/sandbox")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/share/pulpe/sandbox")
    }
}
