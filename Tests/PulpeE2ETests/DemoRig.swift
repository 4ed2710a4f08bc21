import Foundation
import PulpeDomain
import PulpeTestSupport
import Testing

/// A sandbox with a signed-in demo account and a scratch home: what the shell-verb suites of
/// decisions 120–124 start from (`stop()` removes it all). `today` is the day every binary takes
/// (`PULPE_TODAY` when the run is anchored), and `current` its pay-day period — the demo's pay day
/// is 25.
struct DemoRig {
    let home: TemporaryDirectory
    let data: TemporaryDirectory
    let port: Int
    var server: SandboxProcess
    let email: String

    static let payDay = 25

    static var today: CalendarDay {
        ProcessInfo.processInfo.environment["PULPE_TODAY"].flatMap(CalendarDay.init(iso:))
            ?? CalendarDay(Date(), in: LocalZone(TimeZone(identifier: "Europe/Zurich")!))
    }

    static var current: BudgetMonth { PayDayCalendar.budgetMonth(for: today, payDay: payDay) }

    /// Started and signed in; `sync`ed when `synced` (the replica some verbs read from).
    static func start(_ prefix: String, serverArguments: [String] = [], synced: Bool = true) throws -> DemoRig {
        let home = try TemporaryDirectory(prefix: prefix)
        let data = try TemporaryDirectory(prefix: prefix + "-server")
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port, dataDir: data.path, arguments: serverArguments)
        let email = try OutboxFaultInjectionTests.demoSession(port: port, home: home.path)
        let rig = DemoRig(home: home, data: data, port: port, server: server, email: email)
        if synced { #expect(try rig.pulpe(["sync"]).status == 0) }
        return rig
    }

    var api: [String] { ["--api-url", "http://127.0.0.1:\(port)/api/v1"] }

    /// `pulpe ARGUMENTS --api-url …` in the rig's home.
    func pulpe(_ arguments: [String]) throws -> ShellAddE2ETests.Run {
        try ShellAddE2ETests.pulpe(arguments + api, home: home.path)
    }

    /// The same, maybe SIGKILLed after `killAfter` seconds (the fault injections).
    func pulpe(_ arguments: [String], killAfter: Double?) -> OperationFaultInjectionTests.Run {
        OperationFaultInjectionTests.pulpe(arguments + api, home: home.path, killAfter: killAfter)
    }

    /// The server's listing `what` for the demo account (`/__sandbox/…`).
    func listing(_ what: String) throws -> [[String: Any]] {
        try SandboxProcess.listing(port: port, email: email, of: what)
    }

    /// The server again, on the same data (after `server.stop()`).
    mutating func restart() throws {
        server = try SandboxProcess(port: port, dataDir: data.path)
    }

    func stop() {
        server.stop()
        home.remove()
        data.remove()
    }
}
