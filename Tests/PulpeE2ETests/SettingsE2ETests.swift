import Foundation
import PulpeDomain
import PulpeTestSupport
import Testing

/// Settings from the shell (decision 121, §16.6): a new pay day with an expense waiting that it
/// moves — said first, refused without `--yes`; with it, the expense re-planned into the budget of
/// the period its date now falls in before anything is sent; the server back, both sent once, the
/// expense in that budget, and the current period as the server's pay day makes it.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct SettingsE2ETests {
    @Test func aNewPayDayMovesTheCurrentPeriodAndReplansWhatWaits() throws {
        var rig = try DemoRig.start("pulpe-settings")
        defer { rig.stop() }
        let pulpe = { (arguments: [String]) in try rig.pulpe(arguments) }

        // The demo's pay day is 25: a pay day that puts today in another period.
        let (today, before) = (DemoRig.today, DemoRig.current)
        let payDay = try #require((1...28).first { PayDayCalendar.budgetMonth(for: today, payDay: $0) != before })
        let after = PayDayCalendar.budgetMonth(for: today, payDay: payDay)

        rig.server.stop()
        #expect(try pulpe(["add", "--wait", "1", "12.50", "Boulangerie du coin"]).status == 75)
        let refused = try pulpe(["config", "set", "pay-day", "\(payDay)", "--wait", "1"])
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.err.contains("1 dépense en attente change de mois :")
                && refused.err.contains("Boulangerie du coin  \(FrenchMonths.title(before)) → \(FrenchMonths.title(after))"), "\(refused)")
        let stored = try pulpe(["config", "set", "pay-day", "\(payDay)", "--yes", "--wait", "1"])
        #expect(stored.status == 75, "\(stored)")
        #expect(try pulpe(["pending"]).out.contains("Jour de paie : le \(payDay)"))

        try rig.restart()
        #expect(try pulpe(["sync"]).status == 0)
        #expect(try pulpe(["pending"]).out == "Rien en attente\n")
        let sent = try rig.server.transactions(email: rig.email).filter { $0.name == "Boulangerie du coin" }
        #expect(sent.count == 1, "sent once: \(sent)")
        let lines = try rig.listing("budget-lines")
        let budgetOf = Dictionary(lines.map { ($0["budgetId"] as? String ?? "", BudgetMonth(year: $0["year"] as? Int ?? 0,
                                                                                           month: $0["month"] as? Int ?? 0)) },
                                  uniquingKeysWith: { first, _ in first })
        let rows = try rig.listing("transactions").filter { $0["name"] as? String == "Boulangerie du coin" }
        #expect(rows.compactMap { budgetOf[$0["budgetId"] as? String ?? ""] } == [after], "in the period its date now falls in: \(rows)")

        let month = try pulpe(["month", "--json", "--max-age", "0"])
        let object = try JSONSerialization.jsonObject(with: Data(month.out.utf8)) as? [String: Any]
        let period = PayDayCalendar.period(of: after, payDay: payDay)
        #expect(object?["month"] as? String == String(format: "%04d-%02d", after.year, after.month), "\(month.out.prefix(300))")
        #expect((object?["period"] as? [String: String]) == ["start": period.start.description, "end": period.end.description],
                "\(String(describing: object?["period"]))")
        let bad = try pulpe(["config", "set", "pay-day", "32"])
        #expect(bad.status == 64 && bad.err.contains("1 à 31"), "\(bad)")
    }
}
