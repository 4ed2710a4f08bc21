import Foundation
import PulpeDomain
import PulpeTestSupport
import Testing

/// Templates from the shell (decision 120, §16.5): listed from the replica; a line raised with
/// `--propagate` while the server is away — what it will change said first, stored, queued — then
/// sent once when it is back; the months ahead made from the template show the new amount at
/// once (`pulpe month M --json`, the replica read again for exactly those months), the past ones
/// keep theirs; a line added and deleted; the server's refusals in its words.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct TemplatesE2ETests {
    @Test func aLineRaisedOfflineWithPropagationIsSentOnceAndTheMonthsAheadFollow() throws {
        var rig = try DemoRig.start("pulpe-templates")
        defer { rig.stop() }
        let pulpe = { (arguments: [String]) in try rig.pulpe(arguments) }

        let list = try pulpe(["template", "list"])
        #expect(list.status == 0 && list.out.contains("* Budget standard"), "\(list)")
        let shown = try pulpe(["template", "show", "budget standard", "--json"])
        let template = try JSONSerialization.jsonObject(with: Data(shown.out.utf8)) as? [String: Any]
        let lines = template?["lines"] as? [[String: Any]] ?? []
        let rent = try #require(lines.first { $0["name"] as? String == "Loyer" }, "\(shown)")
        #expect(rent["amount"] as? String == "2150" && rent["recurrence"] as? String == "fixed", "\(rent)")

        // The current pay-day period (the demo's pay day is 25), as the sandbox reckons it.
        let period = DemoRig.current
        let current = String(format: "%04d-%02d", period.year, period.month)
        let months = Self.monthsWithRent(try rig.listing("budget-lines"))
        #expect(months.filter { $0.key >= current }.count == 3, "\(months)")

        rig.server.stop()
        let raised = try pulpe(["template", "line", "edit", "Budget standard", "Loyer", "--amount", "2250", "--propagate", "--wait", "1"])
        #expect(raised.status == 75, "stored, queued: \(raised)")
        #expect(raised.out.contains("Les mois à venir suivront (3 mois) :") && raised.out.contains(FrenchMonths.title(period)), "\(raised)")
        let pending = try pulpe(["pending"])
        #expect(pending.out.contains("Modifier Budget standard · Loyer : 2’150.00 → 2’250.00 CHF (et les mois à venir)"), "\(pending)")

        try rig.restart()
        let drained = try pulpe(["sync"])
        #expect(drained.status == 0, "\(drained)")
        #expect(try pulpe(["pending"]).out == "Rien en attente\n")

        let after = try rig.listing("budget-lines")
        let rents = Self.monthsWithRent(after)
        #expect(rents.filter { $0.key >= current }.values.allSatisfy { $0 == 2250 }, "the months ahead follow: \(rents)")
        #expect(rents.filter { $0.key < current }.values.allSatisfy { $0 == 2150 }, "the past keeps its plan: \(rents)")
        #expect(rents.count { $0.key >= current } == 3, "\(rents.sorted { $0.key < $1.key })")
        let templateLines = try rig.listing("template-lines")
        #expect(templateLines.filter { $0["name"] as? String == "Loyer" && $0["template"] as? String == "Budget standard" }.map { "\($0["amount"] ?? "")" } == ["2250"], "sent once")
        for month in rents.keys.filter({ $0 >= current }).sorted() {
            let read = try pulpe(["month", month, "--json"])
            let object = try JSONSerialization.jsonObject(with: Data(read.out.utf8)) as? [String: Any]
            let planned = (object?["lines"] as? [[String: Any]] ?? []).first { $0["name"] as? String == "Loyer" }
            #expect(planned.map { "\($0["planned"] ?? "")" } == "2250", "\(month) from the replica: \(read.out.prefix(400))")
        }

        // A line added without propagation reaches the template only; deleted again; a template in use stays.
        let added = try pulpe(["template", "line", "add", "Budget standard", "Parking", "120"])
        #expect(added.status == 0 && added.out.contains("Ajouter Budget standard · Parking : 120.00 CHF"), "\(added)")
        #expect(try rig.listing("budget-lines").allSatisfy { $0["name"] as? String != "Parking" })
        #expect(try pulpe(["template", "line", "rm", "Budget standard", "parking"]).status == 0)
        #expect(try rig.listing("template-lines").allSatisfy { $0["name"] as? String != "Parking" })
        let inUse = try pulpe(["template", "rm", "Budget standard"])
        #expect(inUse.status == 65 && inUse.err.contains("is in use and cannot be deleted"), "\(inUse)")
        let unknown = try pulpe(["template", "line", "edit", "Budget standard", "Yacht", "--amount", "5"])
        #expect(unknown.status == 64 && unknown.err.contains("Introuvable"), "\(unknown)")
    }

    /// « Loyer »'s amount in each month, by `YYYY-MM`.
    static func monthsWithRent(_ lines: [[String: Any]]) -> [String: Decimal] {
        var months: [String: Decimal] = [:]
        for line in lines where line["name"] as? String == "Loyer" {
            let key = String(format: "%04d-%02d", line["year"] as? Int ?? 0, line["month"] as? Int ?? 0)
            months[key] = Decimal(string: "\(line["amount"] ?? "")")
        }
        return months
    }
}
