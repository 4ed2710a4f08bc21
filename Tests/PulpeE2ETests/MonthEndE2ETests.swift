import Foundation
import PulpeDomain
import PulpeTestSupport
import Testing

/// Decisions 84 and 85 with the real binary in a pseudo-terminal against a real `pulpe-server`: the month's
/// end — `>` postpones a free expense, `b` reconciles with a typed bank balance, `P` plans three
/// months — online, then offline with the server away and back; each reaches the server once.
@Suite(.serialized, .timeLimit(.minutes(4)))
struct MonthEndE2ETests {
    typealias Shell = ShellAddE2ETests
    typealias Gestures = GesturesE2ETests
    typealias Verbs = ShellVerbsE2ETests
    typealias Planning = PlanningE2ETests

    static let moved = "Geste à reporter"

    /// The server's month (`pulpe month --json --max-age 0`): nil while it cannot say.
    static func serverMonth(_ month: String?, _ rig: StaleKeyE2ETests.SignedIn) throws -> [String: Any]? {
        let run = try Shell.pulpe(["month", "--json", "--max-age", "0"] + (month.map { [$0] } ?? []) + rig.api, home: rig.home.path)
        guard run.status == 0 else { return nil }
        return try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any]
    }

    static func transactions(_ json: [String: Any]?, named name: String) -> [[String: Any]] {
        (json?["transactions"] as? [[String: Any]] ?? []).filter { $0["name"] as? String == name }
    }

    /// "2026-12" → "2027-01".
    static func month(after month: String, by count: Int = 1) -> String {
        let parts = month.split(separator: "-").compactMap { Int($0) }
        let index = parts[0] * 12 + parts[1] - 1 + count
        return String(format: "%04d-%02d", index / 12, index % 12 + 1)
    }

    /// What the month holds before the routine: its key, « Pointé » plus rollover (the bank's
    /// balance at no gap), and an expense to postpone, free and unchecked (`pulpe add`).
    static func prepare(_ rig: StaleKeyE2ETests.SignedIn) throws -> (month: String, expected: Decimal) {
        let added = try Shell.pulpe(["add", "--unchecked", "33.30", moved] + rig.api, home: rig.home.path)
        #expect(added.status == 0, "\(added)")
        let json = try #require(try serverMonth(nil, rig))
        let month = try #require(json["month"] as? String)
        let realized = try #require((json["realized"] as? String).flatMap { Decimal(string: $0) }, "\(json)")
        let rollover = try #require((json["rollover"] as? String).flatMap { Decimal(string: $0) }, "\(json)")
        return (month, realized + rollover)
    }

    /// `>` on the expense, `b` with the bank 10.55 above Pulpe, then `]` to the first month
    /// without a budget and `P`: each said at once. Returns the first month planned.
    static func routine(_ p: PTYProcess, expected: Decimal, current: String) throws -> String {
        Gestures.select(p, moved)
        p.send(">")
        #expect(p.waitText("Reporté au mois suivant : \(moved)", timeout: 3), "\(p.screen.text)")
        #expect(p.pump(timeout: 3) { Gestures.listRow(moved, $0) == nil }, "gone from this month at once\n\(p.screen.text)")

        Gestures.clearSelection(p)
        p.send("b")
        #expect(p.waitText("les voir d’abord ?", timeout: 3), "the « À pointer » step first\n\(p.screen.text)")
        p.send("n")
        #expect(p.waitText("Rapprocher mes comptes", timeout: 3), "\(p.screen.text)")
        p.send("\(expected + Decimal(string: "10.55")!)")
        #expect(p.waitText("Entrée : ajoute un revenu de 10.55 CHF, pointé", timeout: 3), "\(p.screen.text)")
        p.sendKey(.enter)
        #expect(p.waitText("Ajustement enregistré : Rapprochement bancaire — 10.55 CHF (revenu)", timeout: 3), "\(p.screen.text)")

        let presses = Planning.goToFirstMonthWithoutBudget(p)
        #expect(p.waitText("Pas encore de budget pour", timeout: 10), "\(p.screen.text)")
        // `P` as `Entrée`: the templates first (the offer, its preview), then `P` again plans.
        p.settle(quiet: 0.3)
        p.send("P")
        #expect(p.waitText("P : planifier 3 mois d’un coup", timeout: 10), "the offer\n\(p.screen.text)")
        p.settle(quiet: 0.3)
        p.send("P")
        #expect(p.waitText("3 mois planifiés à partir", timeout: 5), "\(p.screen.text)")
        return month(after: current, by: presses)
    }

    /// The server, polled until it agrees: the expense in next month once and no longer in this
    /// one, one reconciling income of 10.55, checked, and the three months planned.
    static func expectOnTheServerOnce(_ rig: StaleKeyE2ETests.SignedIn, current: String, planned: String) throws {
        var here: [String: Any]?
        var next: [String: Any]?
        for _ in 0..<160 {
            here = try serverMonth(current, rig)
            next = try serverMonth(month(after: current), rig)
            let adjusted = transactions(here, named: "Rapprochement bancaire")
            if transactions(here, named: moved).isEmpty, transactions(next, named: moved).count == 1,
               adjusted.count == 1, adjusted.allSatisfy({ $0["pending"] is NSNull }) { break }
            Thread.sleep(forTimeInterval: 0.25)
        }
        #expect(transactions(here, named: moved).isEmpty, "moved out of \(current)")
        #expect(transactions(next, named: moved).count == 1, "in the month after, once: \(transactions(next, named: moved))")
        let adjusted = transactions(here, named: "Rapprochement bancaire")
        #expect(adjusted.count == 1, "one reconciling entry: \(adjusted)")
        #expect(adjusted.first?["amount"] as? String == "10.55" && adjusted.first?["kind"] as? String == "income", "\(adjusted)")
        #expect(adjusted.first?["checked"] as? Bool == true, "checked: \(adjusted)")
        for offset in 0..<3 {
            let key = month(after: planned, by: offset)
            var json: [String: Any]?
            for _ in 0..<40 {
                json = try serverMonth(key, rig)
                if json?["budget"] as? Bool == true { break }
                Thread.sleep(forTimeInterval: 0.25)
            }
            #expect(json?["budget"] as? Bool == true, "\(key) planned on the server")
            let names = Set((json?["lines"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
            #expect(names.isSuperset(of: ["Salaire", "Loyer"]), "\(key) from the template: \(names)")
        }
        // A fourth month was not asked for.
        #expect(try serverMonth(month(after: planned, by: 3), rig)?["budget"] as? Bool == false)
    }

    @Test func theMonthsEndOnline() throws {
        let rig = try StaleKeyE2ETests.SignedIn("pulpe-month-end")
        defer { rig.stop() }
        let (current, expected) = try Self.prepare(rig)
        let p = try StaleKeyE2ETests.startTUI(port: rig.port, home: rig.home.path)
        defer { p.terminate() }
        #expect(p.waitText("Mis à jour à", timeout: 15), "\(p.screen.text)")
        let planned = try Self.routine(p, expected: expected, current: current)
        try Self.expectOnTheServerOnce(rig, current: current, planned: planned)
        p.send("q")
        _ = p.waitExit()
    }

    @Test func theMonthsEndOfflineThenTheServerBack() throws {
        let rig = try StaleKeyE2ETests.SignedIn("pulpe-month-end-offline", keepingData: true)
        defer { rig.stop() }
        let (current, expected) = try Self.prepare(rig)
        // Read once online (the months, the templates), then the server away.
        let (p, _, _) = try Planning.offlineOnceTheTemplatesWereRead(rig)
        defer { p.terminate() }
        let planned = try Self.routine(p, expected: expected, current: current)
        // Stored, none sent: the server is away.
        let pending = try Shell.pulpe(["pending", "--json"] + rig.api, home: rig.home.path)
        #expect(pending.out.contains("Rapprochement bancaire") && pending.out.contains(Self.moved), "\(pending)")

        try rig.restartServer()
        try Self.expectOnTheServerOnce(rig, current: current, planned: planned)
        p.send("q")
        _ = p.waitExit()
    }

    /// `pulpe reconcile`: the figures as JSON and the entry sent once; the same balance again is
    /// « À jour » and stores nothing; an unreadable balance stores nothing (65); with the server
    /// away the entry waits (75), and reaches it once when it is back.
    @Test func theShellReconciles() throws {
        let rig = try StaleKeyE2ETests.SignedIn("pulpe-reconcile-shell", keepingData: true)
        defer { rig.stop() }
        let (current, expected) = try Self.prepare(rig)
        let bank = expected - Decimal(string: "7.20")!
        // Two accounts, a typographic minus on the second.
        let run = try Shell.pulpe(["reconcile", "--json", "\(bank + 100)", "\u{2212}100"] + rig.api, home: rig.home.path)
        #expect(run.status == 0, "\(run)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any], "\(run)")
        #expect(json["bank"] as? String == "\(bank)" && json["gap"] as? String == "-7.2" && json["upToDate"] as? Bool == false, "\(json)")
        let entry = try #require(json["adjustment"] as? [String: Any], "\(json)")
        #expect(entry["kind"] as? String == "expense" && entry["amount"] as? String == "7.2" && entry["state"] as? String == "sent", "\(entry)")
        #expect(run.err.contains("à pointer"), "the unchecked items said on stderr: \(run.err)")

        let again = try Shell.pulpe(["reconcile", "\(bank)"] + rig.api, home: rig.home.path)
        #expect(again.status == 0 && again.out.contains("À jour : tes comptes correspondent à Pulpe"), "\(again)")
        let unreadable = try Shell.pulpe(["reconcile", "1200", "12.345"] + rig.api, home: rig.home.path)
        #expect(unreadable.status == 65 && unreadable.err.contains("Solde illisible n° 2 : « 12.345 »"), "\(unreadable)")

        rig.server.stop()
        let queued = try Shell.pulpe(["reconcile", "--wait", "1", "--name", "Écart hors ligne", "\(bank + 5)"] + rig.api,
                                     home: rig.home.path)
        #expect(queued.status == 75, "\(queued)")
        try rig.restartServer()
        var here: [String: Any]?
        for _ in 0..<80 {
            _ = try Shell.pulpe(["sync"] + rig.api, home: rig.home.path)
            here = try Self.serverMonth(current, rig)
            if Self.transactions(here, named: "Écart hors ligne").contains(where: { $0["pending"] is NSNull }) { break }
            Thread.sleep(forTimeInterval: 0.25)
        }
        #expect(Self.transactions(here, named: "Rapprochement bancaire").count == 1, "once: \(Self.transactions(here, named: "Rapprochement bancaire"))")
        let offline = Self.transactions(here, named: "Écart hors ligne")
        #expect(offline.count == 1 && offline.first?["amount"] as? String == "5" && offline.first?["kind"] as? String == "income", "\(offline)")
    }
}
