import Foundation
import PulpeDomain
import PulpeTestSupport
import Testing

/// Spreads from the shell (decision 123, §16.3): a new prévision spread over four months, its
/// total split to the cent and a month without a budget made from the default template; its
/// answer lost (the route held past `--wait`) and the spread resent — the idempotency key makes
/// nothing twice; a free transaction spread over three months, gone from its month; what cannot be
/// spread said before anything is stored.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct SpreadE2ETests {
    @Test func aSpreadLandsOnceEvenWhenItsAnswerIsLost() throws {
        let rig = try DemoRig.start("pulpe-spread")
        defer { rig.stop() }
        let (server, email, current) = (rig.server, rig.email, DemoRig.current)
        let pulpe = { (arguments: [String]) in try rig.pulpe(arguments) }

        // The first send lands but its answer comes after `--wait`: stored, then resent by `sync`.
        try server.setLatency(milliseconds: 2500, pathPrefix: "/api/v1/budget-lines/spread")
        let spread = try pulpe(["line", "add", "Nouvel ordinateur", "1000.01", "--spread", "4", "--total", "--wait", "1"])
        #expect(spread.status == 75, "\(spread)")
        Thread.sleep(forTimeInterval: 3)
        try server.setLatency(milliseconds: 0)
        #expect(try pulpe(["sync"]).status == 0)
        #expect(try pulpe(["pending"]).out == "Rien en attente\n")
        let lines = try rig.listing("budget-lines").filter { $0["name"] as? String == "Nouvel ordinateur" }
        let byMonth = lines.map { (BudgetMonth(year: $0["year"] as? Int ?? 0, month: $0["month"] as? Int ?? 0), "\($0["amount"] ?? "")") }
            .sorted { $0.0 < $1.0 }
        #expect(byMonth.map(\.0) == SpreadPlan.months(from: current, count: 4), "one line a month, once: \(byMonth)")
        #expect(byMonth.map(\.1) == ["250.01", "250", "250", "250"], "split to the cent, the remainder first: \(byMonth)")

        let shown = try pulpe(["month", "--json"])
        #expect(shown.out.contains("\"Nouvel ordinateur\""), "\(shown.out.prefix(300))")

        // A free transaction spread over three months: gone from its month, one prévision in each.
        #expect(try pulpe(["add", "600", "Pneus hiver"]).status == 0)
        let fromItem = try pulpe(["spread", "Pneus hiver", "--months", "3"])
        #expect(fromItem.status == 0 && fromItem.out.contains("Lisser Pneus hiver sur 3 mois"), "\(fromItem)")
        #expect(try server.transactions(email: email).allSatisfy { $0.name != "Pneus hiver" }, "the source is gone")
        let tires = try rig.listing("budget-lines").filter { $0["name"] as? String == "Pneus hiver" }
        #expect(tires.map { "\($0["amount"] ?? "")" } == ["200", "200", "200"], "\(tires)")

        let income = try pulpe(["line", "add", "Bonus", "500", "--kind", "revenu", "--spread", "3"])
        #expect(income.status == 65 && income.err.contains("un revenu ne se lisse pas"), "\(income)")
        let fixed = try pulpe(["spread", "Loyer", "--months", "3"])
        #expect(fixed.status == 65 && fixed.err.contains("ponctuelle"), "\(fixed)")
    }
}
