import Foundation
import PulpeTestSupport
import Testing

/// `pulpe check`, `edit`, `rm` and `add` with the real binaries (decision 46, docs/operations.md):
/// with the server away each is stored (75) and shown at once by `pulpe month` and `pulpe pending`;
/// once it is back, `pulpe sync` sends them and the server ends in the intended state, each change
/// exactly once. A target nobody has lists the candidates (64), an edit of nothing is a usage
/// error (64), and neither stores anything.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ShellVerbsE2ETests {
    typealias Shell = ShellAddE2ETests
    static let email = QuickAddE2ETests.email

    /// `pulpe month --json` (with `extra`), parsed; the transactions by id.
    static func month(_ api: [String], home: String, extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation)
        throws -> (json: [String: Any], transactions: [[String: Any]]) {
        let run = try Shell.pulpe(["month", "--json"] + extra + api, home: home)
        #expect(run.status == 0, "\(run)", sourceLocation: sourceLocation)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any], "\(run)",
                                sourceLocation: sourceLocation)
        let transactions = try #require(json["transactions"] as? [[String: Any]], "\(run.out)", sourceLocation: sourceLocation)
        return (json, transactions)
    }

    static func row(_ id: String, in rows: [[String: Any]]) -> [String: Any]? { rows.first { $0["id"] as? String == id } }

    /// What the prévision `name` has consumed, as `pulpe month --json` says it.
    static func consumed(_ name: String, in month: [String: Any]) -> Decimal? {
        let lines = month["lines"] as? [[String: Any]] ?? []
        return (lines.first { $0["name"] as? String == name }?["consumed"] as? String).flatMap { Decimal(string: $0) }
    }

    static func rows(named name: String, in rows: [[String: Any]]) -> [[String: Any]] {
        rows.filter { $0["name"] as? String == name }
    }

    @Test func offlineChangesAreShownAtOnceAndSentOnce() throws {
        // Signed in with the TUI (the PIN keeps the key), then quit; the server keeps its data across a restart.
        let rig = try StaleKeyE2ETests.SignedIn("pulpe-shell-verbs", keepingData: true)
        defer { rig.stop() }
        let (home, api) = (rig.home, rig.api)

        // Three transactions of the test's own, sent at once; the month as the server has it.
        for expense in [["--unchecked", "45", "Migros Bienne"], ["22.95", "Pharmacie du test"], ["7.40", "Kiosque de la gare"]] {
            let sent = try Shell.pulpe(["add"] + api + expense, home: home.path)
            #expect(sent.status == 0, "\(sent)")
        }
        let (beforeJSON, before) = try Self.month(api, home: home.path, extra: ["--max-age", "0"])
        #expect(before.allSatisfy { $0["pending"] is NSNull }, "nothing waits yet")
        let names = before.compactMap { $0["name"] as? String }
        let toCheck = try #require(Self.rows(named: "Migros Bienne", in: before).first, "\(before)")
        #expect(toCheck["checked"] as? Bool == false)
        let checkId = try #require(toCheck["id"] as? String)
        let checkName = "Migros Bienne"
        let editId = try #require(Self.rows(named: "Pharmacie du test", in: before).first?["id"] as? String)
        let removeId = try #require(Self.rows(named: "Kiosque de la gare", in: before).first?["id"] as? String)
        let removeName = "Kiosque de la gare"
        let cafesBefore = Self.rows(named: "Café", in: before).count

        // Usage: a target nobody has lists the candidates; an edit without a change is refused.
        #expect(!names.contains { $0.lowercased() == "migr" })
        let unknown = try Shell.pulpe(["check", "Migr"] + api, home: home.path)
        #expect(unknown.status == 64, "\(unknown)")
        #expect(unknown.err.contains("unknown target") && unknown.err.contains(checkName) && unknown.err.contains(String(checkId.prefix(8))),
                "the close candidates, with their id prefix: \(unknown.err)")
        #expect(!unknown.err.contains("Kiosque de la gare"), "only names containing the query: \(unknown.err)")
        let nobody = try Shell.pulpe(["check", "Personne ne s'appelle ainsi"] + api, home: home.path)
        #expect(nobody.status == 64, "\(nobody)")
        let firstName = try #require(before.first?["name"] as? String)
        let firstId = try #require(before.first?["id"] as? String)
        #expect(nobody.err.contains("Introuvable") && nobody.err.contains(firstName) && nobody.err.contains(String(firstId.prefix(8))),
                "the month's transactions with their id prefix when none is close: \(nobody.err)")
        let nothing = try Shell.pulpe(["edit", checkName] + api, home: home.path)
        #expect(nothing.status == 64, "\(nothing)")
        #expect(nothing.err.contains("Rien à modifier"), "\(nothing.err)")
        let tooShort = try Shell.pulpe(["rm", String(removeId.prefix(5))] + api, home: home.path)
        #expect(tooShort.status == 64, "an id prefix under 6 characters is no target: \(tooShort)")
        #expect(try Shell.pulpe(["pending"] + api, home: home.path).out == "Rien en attente\n", "nothing stored")

        // The server goes away: every verb is stored from the cache and waits.
        rig.server.stop()
        let check = try Shell.pulpe(["check", checkName] + api, home: home.path)
        #expect(check.status == 75, "\(check)")
        #expect(check.out.hasPrefix("En attente : "), "\(check.out)")
        let edit = try Shell.pulpe(["edit", String(editId.prefix(8)), "--amount", "54"] + api, home: home.path)
        #expect(edit.status == 75, "\(edit)")
        let remove = try Shell.pulpe(["rm", removeName] + api, home: home.path)
        #expect(remove.status == 75, "\(remove)")
        let add = try Shell.pulpe(["add", "--wait", "1", "--line", "Épicerie", "12.50", "Café"] + api, home: home.path)
        #expect(add.status == 75, "\(add)")

        // Shown at once, offline, as the user meant it — the expense on its prévision, whose bar moved.
        let (shownJSON, shown) = try Self.month(api, home: home.path)
        let consumedOffline = Self.consumed("Épicerie", in: shownJSON)
        #expect(consumedOffline != nil && consumedOffline == Self.consumed("Épicerie", in: beforeJSON).map { $0 + 12.5 },
                "the bar moved by 12.50 at once: \(String(describing: consumedOffline))")
        let checked = try #require(Self.row(checkId, in: shown), "\(shown)")
        #expect(checked["checked"] as? Bool == true && checked["pending"] as? String == "queued", "\(checked)")
        let edited = try #require(Self.row(editId, in: shown), "\(shown)")
        #expect(edited["amount"] as? String == "54" && edited["pending"] as? String == "queued", "\(edited)")
        #expect(Self.row(removeId, in: shown) == nil, "the deleted row is gone: \(shown)")
        let cafes = Self.rows(named: "Café", in: shown)
        #expect(cafes.count == cafesBefore + 1, "\(shown)")
        #expect(cafes.contains { $0["amount"] as? String == "12.5" && $0["pending"] as? String == "queued" && $0["line"] as? String == "Épicerie" },
                "\(cafes)")
        let untouched = shown.filter { ![checkId, editId].contains($0["id"] as? String ?? "") && $0["name"] as? String != "Café" }
        #expect(untouched.allSatisfy { $0["pending"] is NSNull }, "only the rows a change touches are marked")

        let pending = try Shell.pulpe(["pending"] + api, home: home.path)
        #expect(pending.status == 0, "\(pending)")
        let lines = pending.out.split(separator: "\n")
        #expect(lines.count == 4, "one line per change: \(pending.out)")
        #expect(lines.allSatisfy { $0.hasSuffix("en attente") }, "\(pending.out)")
        #expect(pending.out.contains("Café") && pending.out.contains(checkName) && pending.out.contains(removeName), "\(pending.out)")
        let stillDown = try Shell.pulpe(["sync"] + api, home: home.path)
        #expect(stillDown.status == 75, "\(stillDown)")

        // Back, with what it held: one sync sends everything, once.
        try rig.restartServer()
        let drained = try Shell.pulpe(["sync"] + api, home: home.path)
        #expect(drained.status == 0, "\(drained)")
        #expect(drained.out.split(separator: "\n").filter { $0.hasPrefix("Envoyée : ") }.count == 4, "\(drained.out)")
        #expect(try Shell.pulpe(["pending"] + api, home: home.path).out == "Rien en attente\n")

        // Right after the sync, the cached month (still « fresh ») shows what was sent, never the old state.
        let (_, cached) = try Self.month(api, home: home.path)
        #expect(Self.row(checkId, in: cached)?["checked"] as? Bool == true, "a done check does not flick back: \(cached)")
        #expect(Self.row(editId, in: cached)?["amount"] as? String == "54", "a done edit does not flick back: \(cached)")
        #expect(Self.row(removeId, in: cached) == nil, "a done delete does not flick back: \(cached)")
        #expect(Self.rows(named: "Café", in: cached).count == cafesBefore + 1, "a sent expense does not vanish: \(cached)")

        let (afterJSON, after) = try Self.month(api, home: home.path, extra: ["--max-age", "0"])
        #expect(Self.consumed("Épicerie", in: afterJSON) == consumedOffline, "the server's bar is the one shown offline")
        #expect(Self.row(checkId, in: after)?["checked"] as? Bool == true, "\(after)")
        #expect(Self.row(editId, in: after)?["amount"] as? String == "54", "\(after)")
        #expect(Self.row(removeId, in: after) == nil, "\(after)")
        #expect(Self.rows(named: "Café", in: after).count == cafesBefore + 1, "\(after)")
        #expect(after.allSatisfy { $0["pending"] is NSNull }, "nothing waits: \(after)")
        #expect(after.count == before.count, "one added, one deleted")

        let held = try rig.server.transactions(email: Self.email)
        #expect(held.filter { $0.name == "Café" && $0.amount == "12.5" }.count == 1, "sent once: \(held)")
        #expect(held.filter { $0.id == editId }.map(\.amount) == ["54"])
        #expect(held.filter { $0.id == removeId }.isEmpty)
        #expect(held.filter { $0.id == checkId }.count == 1)

        // Sent again: nothing left, nothing changes.
        let again = try Shell.pulpe(["sync"] + api, home: home.path)
        #expect(again.status == 0 && again.out.hasPrefix("Rien à envoyer\nCompte à jour · "), "\(again)")
        let (_, final) = try Self.month(api, home: home.path, extra: ["--max-age", "0"])
        #expect(Self.row(checkId, in: final)?["checked"] as? Bool == true, "a set-checked is never flipped back")
    }

    @Test func onlineVerbsAreSentAtOnce() throws {
        let rig = try StaleKeyE2ETests.SignedIn("pulpe-shell-verbs-online")
        defer { rig.stop() }
        let name = "À pointer en ligne"
        let added = try Shell.pulpe(["add", "--unchecked", "8.20", name] + rig.api, home: rig.home.path)
        #expect(added.status == 0, "\(added)")
        let (_, before) = try Self.month(rig.api, home: rig.home.path, extra: ["--max-age", "0"])
        let target = try #require(Self.rows(named: name, in: before).first, "\(before)")
        #expect(target["checked"] as? Bool == false)
        let id = try #require(target["id"] as? String)

        let check = try Shell.pulpe(["check", name] + rig.api, home: rig.home.path)
        #expect(check.status == 0, "\(check)")
        #expect(check.out.hasPrefix("Envoyée : "), "\(check.out)")
        // Checked twice: the intended state, not a toggle.
        #expect(try Shell.pulpe(["check", String(id.prefix(6))] + rig.api, home: rig.home.path).status == 0)
        let (_, checked) = try Self.month(rig.api, home: rig.home.path, extra: ["--max-age", "0"])
        #expect(Self.row(id, in: checked)?["checked"] as? Bool == true, "\(checked)")

        let uncheck = try Shell.pulpe(["uncheck", id] + rig.api, home: rig.home.path)
        #expect(uncheck.status == 0, "\(uncheck)")
        let edit = try Shell.pulpe(["edit", id, "--name", "Renommé en ligne", "--amount", "12,50"] + rig.api, home: rig.home.path)
        #expect(edit.status == 0, "\(edit)")
        let (_, after) = try Self.month(rig.api, home: rig.home.path, extra: ["--max-age", "0"])
        let row = try #require(Self.row(id, in: after), "\(after)")
        #expect(row["checked"] as? Bool == false && row["name"] as? String == "Renommé en ligne" && row["amount"] as? String == "12.5",
                "\(row)")
        let bad = try Shell.pulpe(["edit", id, "--amount", "abc"] + rig.api, home: rig.home.path)
        #expect(bad.status == 65, "invalid input: \(bad)")
        let remove = try Shell.pulpe(["rm", "Renommé en ligne"] + rig.api, home: rig.home.path)
        #expect(remove.status == 0, "\(remove)")
        let (_, gone) = try Self.month(rig.api, home: rig.home.path, extra: ["--max-age", "0"])
        #expect(Self.row(id, in: gone) == nil)
        #expect(try Shell.pulpe(["pending"] + rig.api, home: rig.home.path).out == "Rien en attente\n")

        // `add --line` takes the prévision's kind (the server refuses another; found by the fault
        // injection once it changed kinds); a `--kind` that says otherwise stores nothing.
        #expect(try Shell.pulpe(["line", "add", "Prime en ligne", "100", "--kind", "revenu"] + rig.api, home: rig.home.path).status == 0)
        let onIncome = try Shell.pulpe(["add", "--line", "Prime en ligne", "40", "Acompte prime"] + rig.api, home: rig.home.path)
        #expect(onIncome.status == 0, "\(onIncome)")
        let (_, withIncome) = try Self.month(rig.api, home: rig.home.path, extra: ["--max-age", "0"])
        #expect(Self.rows(named: "Acompte prime", in: withIncome).first?["kind"] as? String == "income", "\(withIncome)")
        // `line fit`: the prévision's amount becomes what its transactions add up to (100 → 40).
        let fit = try Shell.pulpe(["line", "fit", "Prime en ligne"] + rig.api, home: rig.home.path)
        #expect(fit.status == 0 && fit.out.hasPrefix("Envoyée : "), "\(fit)")
        let (fitted, _) = try Self.month(rig.api, home: rig.home.path, extra: ["--max-age", "0"])
        let prime = (fitted["lines"] as? [[String: Any]] ?? []).first { $0["name"] as? String == "Prime en ligne" }
        #expect((prime?["planned"] as? String).flatMap { Decimal(string: $0) } == 40, "\(String(describing: prime))")
        let mismatch = try Shell.pulpe(["add", "--kind", "depense", "--line", "Prime en ligne", "5", "Pas ici"] + rig.api,
                                       home: rig.home.path)
        #expect(mismatch.status == 64, "\(mismatch)")
        #expect(mismatch.err.contains("« Prime en ligne » est une prévision de revenu"), "\(mismatch)")
        #expect(try Shell.pulpe(["pending"] + rig.api, home: rig.home.path).out == "Rien en attente\n", "nothing stored")
    }

    /// What a verb reports as sent (exit 0) is what the next cache-first read shows: `pulpe month`
    /// without --max-age serves the cached month while it is younger than 300 s.
    @Test func theNextCachedReadShowsWhatWasSent() throws {
        let rig = try StaleKeyE2ETests.SignedIn("pulpe-shell-verbs-cache")
        defer { rig.stop() }
        for index in 0..<4 {
            let name = "Sondage \(index)"
            let added = try Shell.pulpe(["add", "--unchecked", "3", name] + rig.api, home: rig.home.path)
            #expect(added.status == 0, "\(added)")
            let (_, afterAdd) = try Self.month(rig.api, home: rig.home.path)
            #expect(Self.rows(named: name, in: afterAdd).count == 1, "the expense just sent")
            // `check` reads the server's copy first (the gate is open), which refreshes the cache.
            let check = try Shell.pulpe(["check", name] + rig.api, home: rig.home.path)
            #expect(check.status == 0 && check.out.hasPrefix("Envoyée : "), "\(check)")
            let (_, afterCheck) = try Self.month(rig.api, home: rig.home.path)
            #expect(Self.rows(named: name, in: afterCheck).count == 1, "\(afterCheck)")
            #expect(Self.rows(named: name, in: afterCheck).first?["checked"] as? Bool == true, "the check just sent")
        }
    }
}
