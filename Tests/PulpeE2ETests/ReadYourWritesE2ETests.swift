import Foundation
import PulpeDomain
import PulpeTestSupport
import Testing

/// Decision 94, « read your writes »: what a shell verb stored shows in the very next read —
/// `pulpe month M --json` right after `budget plan`, `budget create`, `postpone`, `import` and
/// `reconcile`, with the server up (sent) and stopped (queued), no other command in between; and
/// `pulpe search --tag` finds a tag by its name as typed (a space in it), a queued expense too,
/// marked as waiting. Months are the current pay-day period's and those after it, from the real
/// date (the demo plans the current month and two ahead).
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ReadYourWritesE2ETests {
    typealias Shell = ShellAddE2ETests

    /// One signed-in home on a fresh sandbox, and its current month (`pulpe month --json`).
    final class Rig {
        let signedIn: StaleKeyE2ETests.SignedIn
        let current: BudgetMonth

        init(_ prefix: String) throws {
            signedIn = try StaleKeyE2ETests.SignedIn(prefix)
            let run = try Shell.pulpe(["month", "--json"] + signedIn.api, home: signedIn.home.path)
            let json = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any]
            let month = (json?["month"] as? String).flatMap(ReadYourWritesE2ETests.month)
            guard let month else {
                signedIn.stop()
                throw SandboxProcessError.adminRefused(Int(run.status))
            }
            current = month
        }

        /// `pulpe ARGS` against this rig's server.
        func pulpe(_ arguments: [String]) throws -> ShellAddE2ETests.Run {
            try Shell.pulpe(arguments + signedIn.api, home: signedIn.home.path)
        }

        /// `pulpe month M --json`, parsed.
        func month(_ month: BudgetMonth?, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
            let run = try pulpe(["month", "--json"] + (month.map { [$0.description] } ?? []))
            #expect(run.status == 0, "\(run)", sourceLocation: sourceLocation)
            return try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any], "\(run)",
                                sourceLocation: sourceLocation)
        }

        /// `pulpe year YEAR --json`.
        func year(_ year: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
            let run = try pulpe(["year", "--json", String(year)])
            #expect(run.status == 0, "\(run)", sourceLocation: sourceLocation)
            return try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any], "\(run)",
                                sourceLocation: sourceLocation)
        }

        func stop() { signedIn.stop() }
    }

    static func month(_ text: String) -> BudgetMonth? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 2 else { return nil }
        return BudgetMonth(year: parts[0], month: parts[1])
    }

    /// Whether `pulpe year --json` says `month` has a budget.
    static func budgeted(_ month: BudgetMonth, in year: [String: Any]) -> Bool {
        (year["months"] as? [[String: Any]] ?? []).first { $0["month"] as? String == month.description }?["budget"] as? Bool == true
    }

    static func names(_ key: String, in month: [String: Any]) -> [String] {
        (month[key] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    static func row(_ name: String, in month: [String: Any]) -> [String: Any]? {
        (month["transactions"] as? [[String: Any]] ?? []).first { $0["name"] as? String == name }
    }

    /// A month planned or created shows its template's prévisions at once: sent (the cache had
    /// read « no budget » a moment before), and queued with the server away.
    @Test func monthsPlannedOrCreatedShowAtOnceOnlineAndOffline() throws {
        let rig = try Rig("pulpe-ryw-months")
        defer { rig.stop() }
        // The demo plans the current month and the two after it: the third one has no budget.
        let first = rig.current.advanced(by: 3)
        #expect(try rig.month(first)["budget"] as? Bool == false, "no budget yet for \(first)")

        // Each year these months fall in read once (and so cached) before the writes.
        let years = Set((0...4).map { first.advanced(by: $0).year })
        for year in years { _ = try rig.year(year) }
        let planned = try rig.pulpe(["budget", "plan", "--from", first.description, "--months", "2", "--wait", "5"])
        #expect(planned.status == 0, "\(planned)")
        for month in [first, first.next] {
            let shown = try rig.month(month)
            #expect(shown["budget"] as? Bool == true, "\(month) planned and sent: \(shown)")
            #expect(Self.names("lines", in: shown).contains("Loyer"), "\(shown)")
            #expect(try Self.budgeted(month, in: rig.year(month.year)), "\(month) in pulpe year once planned")
        }
        let created = try rig.pulpe(["budget", "create", first.advanced(by: 2).description, "--wait", "5"])
        #expect(created.status == 0, "\(created)")
        #expect(try rig.month(first.advanced(by: 2))["budget"] as? Bool == true, "created and sent")

        rig.signedIn.server.stop()
        let queuedPlan = try rig.pulpe(["budget", "plan", "--from", first.advanced(by: 3).description, "--months", "2", "--wait", "1"])
        #expect(queuedPlan.status == 75, "\(queuedPlan)")
        for month in [first.advanced(by: 3), first.advanced(by: 4)] {
            let shown = try rig.month(month)
            #expect(shown["budget"] as? Bool == true, "\(month) planned, waiting: \(shown)")
            #expect(Self.names("lines", in: shown).contains("Loyer"), "\(shown)")
            #expect(try Self.budgeted(month, in: rig.year(month.year)), "\(month) in pulpe year while its plan waits")
        }
        let queuedCreate = try rig.pulpe(["budget", "create", first.advanced(by: 5).description, "--wait", "1"])
        #expect(queuedCreate.status == 75, "\(queuedCreate)")
        let waiting = try rig.month(first.advanced(by: 5))
        #expect(waiting["budget"] as? Bool == true && Self.names("lines", in: waiting).contains("Loyer"), "\(waiting)")
    }

    /// A postponed expense is in next month at once: sent, and queued (marked as waiting).
    @Test func postponedExpenseIsInNextMonthAtOnceOnlineAndOffline() throws {
        let rig = try Rig("pulpe-ryw-postpone")
        defer { rig.stop() }
        for name in ["Report en ligne", "Report hors ligne"] {
            let added = try rig.pulpe(["add", "--unchecked", "7.50", name])
            #expect(added.status == 0, "\(added)")
        }
        let sent = try rig.pulpe(["postpone", "Report en ligne", "--wait", "5"])
        #expect(sent.status == 0, "\(sent)")
        let next = try rig.month(rig.current.next)
        #expect(Self.row("Report en ligne", in: next)?["pending"] is NSNull, "moved and sent: \(Self.names("transactions", in: next))")

        rig.signedIn.server.stop()
        let queued = try rig.pulpe(["postpone", "Report hors ligne", "--wait", "1"])
        #expect(queued.status == 75, "\(queued)")
        let later = try rig.month(rig.current.next)
        #expect(Self.row("Report hors ligne", in: later)?["pending"] as? String == "queued",
                "moved, waiting: \(Self.names("transactions", in: later))")
        #expect(Self.row("Report hors ligne", in: try rig.month(nil)) == nil, "gone from this month")
    }

    /// An imported statement's rows and a reconciliation's entry are in the month at once: sent,
    /// and queued.
    @Test func importAndReconcileShowAtOnceOnlineAndOffline() throws {
        let rig = try Rig("pulpe-ryw-import")
        defer { rig.stop() }
        let shown = try rig.month(nil)
        let start = try #require((shown["period"] as? [String: Any])?["start"] as? String, "\(shown)")
        let day = start.split(separator: "-").map(String.init)
        let csv = { (name: String) -> String in
            "Buchungsdatum;Avisierungstext;Gutschrift in CHF;Lastschrift in CHF\n\(day[2]).\(day[1]).\(day[0]);\(name);;-12.30\n"
        }
        let online = rig.signedIn.home.path + "/en-ligne.csv"
        try csv("Relevé en ligne").write(toFile: online, atomically: true, encoding: .utf8)
        let imported = try rig.pulpe(["import", online, "--yes", "--wait", "5"])
        #expect(imported.status == 0, "\(imported)")
        #expect(Self.row("Relevé en ligne", in: try rig.month(nil)) != nil, "imported and sent")
        let reconciled = try rig.pulpe(["reconcile", "123456.05", "--name", "Écart en ligne", "--wait", "5"])
        #expect(reconciled.status == 0, "\(reconciled)")
        #expect(Self.row("Écart en ligne", in: try rig.month(nil)) != nil, "reconciled and sent")

        rig.signedIn.server.stop()
        let offline = rig.signedIn.home.path + "/hors-ligne.csv"
        try csv("Relevé hors ligne").write(toFile: offline, atomically: true, encoding: .utf8)
        let queuedImport = try rig.pulpe(["import", offline, "--yes", "--wait", "1"])
        #expect(queuedImport.status == 75, "\(queuedImport)")
        #expect(Self.row("Relevé hors ligne", in: try rig.month(nil))?["pending"] as? String == "queued", "imported, waiting")
        let queuedReconcile = try rig.pulpe(["reconcile", "7.05", "--name", "Écart hors ligne", "--wait", "1"])
        #expect(queuedReconcile.status == 75, "\(queuedReconcile)")
        #expect(Self.row("Écart hors ligne", in: try rig.month(nil))?["pending"] as? String == "queued", "reconciled, waiting")
    }

    /// `search --tag "Mon tag"` finds what carries it (the name whole, case aside), and an
    /// expense queued with it, marked `pending`.
    @Test func aTagWithASpaceIsFoundAndAQueuedExpenseWithIt() throws {
        let rig = try Rig("pulpe-ryw-tag")
        defer { rig.stop() }
        #expect(try rig.pulpe(["tag", "add", "Mon tag"]).status == 0)
        let added = try rig.pulpe(["add", "--tag", "Mon tag", "5", "Geste étiqueté"])
        #expect(added.status == 0, "\(added)")
        let hits = { (tag: String) throws -> [[String: Any]] in
            let run = try rig.pulpe(["search", "--tag", tag, "--json"])
            #expect(run.status == 0, "\(run)")
            return try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String: Any]] ?? []
        }
        let found = try hits("Mon tag")
        #expect(found.map { $0["name"] as? String } == ["Geste étiqueté"], "\(found)")
        #expect(found.first?["pending"] as? Bool == false, "\(found)")
        #expect(try hits("mon TAG").count == 1, "case aside")

        rig.signedIn.server.stop()
        let queued = try rig.pulpe(["add", "--tag", "Mon tag", "6", "Geste en attente", "--wait", "1"])
        #expect(queued.status == 75, "\(queued)")
        let both = try hits("Mon tag")
        let waiting = both.first { $0["name"] as? String == "Geste en attente" }
        #expect(waiting?["pending"] as? Bool == true, "the queued one, marked: \(both)")
        #expect(both.count == 2, "\(both)")
    }
}
