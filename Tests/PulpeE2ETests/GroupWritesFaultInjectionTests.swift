import Foundation
import PulpeDomain
import PulpeTestSupport
import Testing

/// Decisions 123 and 124 through faults and kills: a seeded driver issues `count` writes that make
/// a group of lines in one request — a new prévision spread over 2…4 months, a « Piocher dans son
/// épargne » pair — each under a unique name, one `pulpe` at a time, while the sandbox drops, fails
/// and delays a share of the requests (a delayed answer outlives `--wait 1`: the group is on the
/// server, its answer lost, and the resend carries the same key) and a share of the processes are
/// SIGKILLed at random moments. At the end (faults off, `pulpe sync` until nothing waits) every
/// name is on the server as a whole group or not at all — never doubled, never half — and every
/// write that ended stored is there.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct GroupWritesFaultInjectionTests {
    static let count = 14
    static let seed: UInt64 = 124
    static let killRate = 0.3
    static let latestKill = 0.6

    @Test func spreadsAndWithdrawalsLandWholeAndOnceThroughFaultsAndKills() throws {
        let rig = try DemoRig.start("pulpe-group-faults", serverArguments: ["--seed", "\(Self.seed)"])
        defer { rig.stop() }
        let server = rig.server
        let pulpe = { (arguments: [String], killAfter: Double?) in rig.pulpe(arguments, killAfter: killAfter) }

        var random = SplitMix64(seed: Self.seed)
        /// Each name drawn: how many lines its group makes, and whether its `pulpe` ended stored.
        var drawn: [(name: String, lines: Int, stored: Bool)] = []
        var history: [String] = []
        try server.setFaults(rate: 0.3, kinds: ["500", "503", "drop", "slow"])
        for index in 0..<Self.count {
            let killAfter = Double.random(in: 0...1, using: &random) < Self.killRate
                ? Double.random(in: 0.05...Self.latestKill, using: &random) : nil
            let name = "Groupe \(index)"
            let spread = Bool.random(using: &random)
            let months = Int.random(in: 2...4, using: &random)
            let arguments = spread
                ? ["line", "add", name, "\(100 + index)", "--spread", "\(months)", "--wait", "1"]
                : ["withdraw", "\(50 + index)", "--from", name, "--as", name + " (retour)", "--wait", "1"]
            let run = pulpe(arguments, killAfter)
            history.append("#\(index) \(arguments.joined(separator: " ")) → \(run.killed ? "killed" : "\(run.status)")")
            let stored = !run.killed && (run.status == 0 || run.status == 75)
            #expect(run.killed || stored, "ended stored or killed: \(run) \(history)")
            drawn.append((name, spread ? months : 2, stored))
        }
        #expect(history.contains { $0.hasSuffix("killed") }, "kills drawn: \(history)")
        try server.setFaults(rate: 0, kinds: ["500"])
        var drained = false
        for _ in 0..<6 where !drained {
            _ = pulpe(["sync"], nil)
            drained = pulpe(["pending"], nil).out == "Rien en attente\n"
        }
        #expect(drained, "\(history)")
        let lines = try rig.listing("budget-lines").compactMap { $0["name"] as? String }
        for (name, count, stored) in drawn {
            let held = lines.count { $0 == name || $0 == name + " (retour)" }
            #expect(held == count || (!stored && held == 0), "\(name): \(held) lines, meant \(count) (stored: \(stored)) — \(history)")
        }
        #expect(pulpe(["pending", "--json"], nil).out.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }
}
