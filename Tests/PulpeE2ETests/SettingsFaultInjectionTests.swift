import Foundation
import PulpeDomain
import PulpeTestSupport
import Testing

/// Decision 121's writes through faults and kills (§16.6): a seeded driver issues `count`
/// `pulpe config set` — a pay day (calendar months or 2…28, with `--yes`) or a currency — one at
/// a time, while the sandbox drops, fails and delays a share of the requests (a delayed answer
/// outlives `--wait 1`: the settings changed, the answer lost) and a share of the processes are
/// SIGKILLed at random moments. A `PUT` sets absolute values: for each member the driver keeps the
/// values it may end with (a killed write may or may not have been stored; a later stored one
/// settles it). At the end (faults off, `pulpe sync` until nothing waits): the server's pay day
/// and currency are among those, nothing waits, and the client's kept settings equal the server's.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct SettingsFaultInjectionTests {
    static let count = 16
    static let seed: UInt64 = 61
    static let killRate = 0.3
    static let latestKill = 0.6

    @Test func settingsWritesEndAsLastMeantThroughFaultsAndKills() throws {
        let rig = try DemoRig.start("pulpe-settings-faults", serverArguments: ["--seed", "\(Self.seed)"])
        defer { rig.stop() }
        let server = rig.server
        let pulpe = { (arguments: [String], killAfter: Double?) in rig.pulpe(arguments, killAfter: killAfter) }

        var random = SplitMix64(seed: Self.seed)
        var payDays: Set<Int?> = [25]
        var currencies: Set<String> = ["CHF"]
        var history: [String] = []
        try server.setFaults(rate: 0.3, kinds: ["500", "503", "drop", "slow"])
        for index in 0..<Self.count {
            let killAfter = Double.random(in: 0...1, using: &random) < Self.killRate
                ? Double.random(in: 0.05...Self.latestKill, using: &random) : nil
            let setsPayDay = Bool.random(using: &random)
            let payDay: Int? = Int.random(in: 1...28, using: &random) == 1 ? nil : Int.random(in: 2...28, using: &random)
            let currency = Bool.random(using: &random) ? "EUR" : "CHF"
            let arguments = setsPayDay ? ["config", "set", "pay-day", payDay.map(String.init) ?? "calendar", "--yes", "--wait", "1"]
                : ["config", "set", "currency", currency, "--wait", "1"]
            let run = pulpe(arguments, killAfter)
            history.append("#\(index) \(arguments.joined(separator: " ")) → \(run.killed ? "killed" : "\(run.status)")")
            let stored = !run.killed && (run.status == 0 || run.status == 75)
            #expect(run.killed || stored, "a write either ends stored or is killed: \(run) \(history)")
            if setsPayDay {
                if stored { payDays = [payDay] } else { payDays.insert(payDay) }
            } else {
                if stored { currencies = [currency] } else { currencies.insert(currency) }
            }
        }
        #expect(history.contains { $0.hasSuffix("killed") } && history.contains { $0.hasSuffix("75") }, "kills and lost answers drawn: \(history)")
        try server.setFaults(rate: 0, kinds: ["500"])
        var drained = false
        for _ in 0..<6 where !drained {
            _ = pulpe(["sync"], nil)
            drained = pulpe(["pending"], nil).out == "Rien en attente\n"
        }
        #expect(drained, "\(history)")
        let settings = try #require(try rig.listing("settings").first, "\(history)")
        let serverPayDay = settings["payDayOfMonth"] as? Int
        let serverCurrency = settings["currency"] as? String ?? ""
        #expect(payDays.contains(serverPayDay), "pay day \(String(describing: serverPayDay)) not among \(payDays): \(history)")
        #expect(currencies.contains(serverCurrency), "currency \(serverCurrency) not among \(currencies): \(history)")
        #expect(pulpe(["pending", "--json"], nil).out.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }
}
