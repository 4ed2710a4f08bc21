import Foundation
import PulpeDomain
import PulpeTestSupport
import Testing

/// Decision 49 with the real binary in a pseudo-terminal against a real `pulpe-server`: `S` finds a
/// transaction three months back and `Entrée` lands on it; `A` adds a prévision, `Entrée` edits
/// it, `R` resets a template line, `d` deletes — and the server's lines say the same.
@Suite(.serialized, .timeLimit(.minutes(4)))
struct PlanningE2ETests {
    typealias Shell = ShellAddE2ETests
    typealias Gestures = GesturesE2ETests
    typealias Verbs = ShellVerbsE2ETests

    /// The server's lines of the current month, by name (through `pulpe month --json --max-age 0`).
    static func serverLines(_ api: [String], home: String) throws -> [String: [String: Any]] {
        let (json, _) = try Verbs.month(api, home: home, extra: ["--max-age", "0"])
        let lines = json["lines"] as? [[String: Any]] ?? []
        return Dictionary(lines.compactMap { line in (line["name"] as? String).map { ($0, line) } }, uniquingKeysWith: { first, _ in first })
    }

    @Test func sFindsATransactionThreeMonthsBackAndEntreeLandsOnIt() throws {
        let rig = try StaleKeyE2ETests.SignedIn("pulpe-search")
        defer { rig.stop() }
        // Three months back, in a month this client never opened (not in its cache): only the server knows it.
        let back = Calendar(identifier: .gregorian).date(byAdding: .day, value: -92, to: SystemTime.now())!
        let day = CalendarDay(back, in: .system)
        let added = try Shell.pulpe(["add", "--unchecked", "--date", day.description, "42.10", "Geste lointain"] + rig.api,
                                    home: rig.home.path)
        #expect(added.status == 0, "\(added)")
        // « Envoyée : Geste lointain — 42.10 CHF (Septembre 2026) »: the budget month it went in.
        let title = try #require(added.out.split(separator: "(").last?.split(separator: ")").first.map(String.init), "\(added.out)")

        let p = try StaleKeyE2ETests.startTUI(port: rig.port, home: rig.home.path)
        defer { p.terminate() }
        #expect(p.waitText("Mis à jour à", timeout: 15), "\(p.screen.text)")
        p.send("S")
        #expect(p.waitText("Rechercher dans tous les mois", timeout: 3), "\(p.screen.text)")
        p.send("lointain")
        p.sendKey(.enter)
        #expect(p.pump(timeout: 10) { $0.text.contains("1 résultat") && $0.text.contains("-42.10 CHF") }, "\(p.screen.text)")
        #expect(p.screen.text.contains(title), "grouped under its month « \(title) »\n\(p.screen.text)")
        p.settle(quiet: 0.3)
        p.sendKey(.enter)
        // Its month in the panel (« Septembre 2026 »), the row highlighted.
        #expect(p.pump(timeout: 10) { screen in
            !screen.text.contains("Rechercher dans") && screen.text.contains("┌─ \(title)")
                && Gestures.highlighted(screen)?.contains("Geste lointain") == true
        }, "its month « \(title) », the row highlighted\n\(p.screen.text)")
        // The highlighted row takes the gestures: x checks it.
        p.settle(quiet: 0.3)
        p.send("x")
        #expect(p.waitText("Pointé : Geste lointain", timeout: 3), "\(p.screen.text)")
        p.send("q")
        _ = p.waitExit()
    }

    @Test func aNewPrevisionEditedResetAndDeletedAsTheServerHasThem() throws {
        let rig = try StaleKeyE2ETests.SignedIn("pulpe-planning")
        defer { rig.stop() }
        let before = try Self.serverLines(rig.api, home: rig.home.path)
        let rent = try #require(before["Loyer"]?["planned"] as? String, "\(before.keys)")
        let p = try StaleKeyE2ETests.startTUI(port: rig.port, home: rig.home.path)
        defer { p.terminate() }
        #expect(p.waitText("Mis à jour à", timeout: 15), "\(p.screen.text)")

        // A: amount, name, kind; shown at once, then on the server as a one-off line.
        p.send("A")
        #expect(p.waitText("Nouvelle prévision", timeout: 3), "\(p.screen.text)")
        p.send("80")
        p.sendKey(.tab)
        p.send("Geste cadeau")
        p.sendKey(.enter)
        #expect(p.waitText("Ajouté : Geste cadeau — 80.00 CHF", timeout: 3), "\(p.screen.text)")
        var lines: [String: [String: Any]] = [:]
        for _ in 0..<40 {
            lines = try Self.serverLines(rig.api, home: rig.home.path)
            if lines["Geste cadeau"] != nil { break }
            Thread.sleep(forTimeInterval: 0.25)
        }
        #expect(lines["Geste cadeau"]?["planned"] as? String == "80", "\(lines["Geste cadeau"] ?? [:])")

        // Entrée on it: 95.
        Gestures.selectLine(p, "Geste cadeau")
        p.sendKey(.enter)
        #expect(p.waitText("Modifier la prévision « Geste cadeau »", timeout: 3), "\(p.screen.text)")
        p.sendKey(.ctrl("u"))
        p.send("95")
        p.sendKey(.enter)
        #expect(p.waitText("Modifié : Geste cadeau — 95.00 CHF", timeout: 3), "\(p.screen.text)")

        // Loyer adjusted, then R: back to the template's amount on the server.
        Gestures.clearSelection(p)
        Gestures.selectLine(p, "Loyer")
        p.sendKey(.enter)
        #expect(p.waitText("Modifier la prévision « Loyer »", timeout: 3), "\(p.screen.text)")
        p.sendKey(.ctrl("u"))
        p.send("2300")
        p.sendKey(.enter)
        #expect(p.waitText("Modifié : Loyer", timeout: 3), "\(p.screen.text)")
        for _ in 0..<40 {
            lines = try Self.serverLines(rig.api, home: rig.home.path)
            if lines["Loyer"]?["planned"] as? String == "2300", lines["Geste cadeau"]?["planned"] as? String == "95" { break }
            Thread.sleep(forTimeInterval: 0.25)
        }
        #expect(lines["Loyer"]?["planned"] as? String == "2300", "\(lines["Loyer"] ?? [:])")
        #expect(lines["Geste cadeau"]?["planned"] as? String == "95", "\(lines["Geste cadeau"] ?? [:])")
        p.send("R")
        #expect(p.waitText("Rétabli selon le modèle : Loyer", timeout: 3), "\(p.screen.text)")
        for _ in 0..<40 {
            lines = try Self.serverLines(rig.api, home: rig.home.path)
            if lines["Loyer"]?["planned"] as? String == rent { break }
            Thread.sleep(forTimeInterval: 0.25)
        }
        #expect(lines["Loyer"]?["planned"] as? String == rent, "back to the template's \(rent): \(lines["Loyer"] ?? [:])")

        // = on the new one: no transaction to fit it to — said, and nothing stored.
        Gestures.clearSelection(p)
        Gestures.selectLine(p, "Geste cadeau")
        p.send("=")
        #expect(p.waitText("Geste cadeau garde son montant : aucune transaction ne lui est liée", timeout: 3), "\(p.screen.text)")
        // d on it: gone at once, from the server once the window has passed.
        p.send("d")
        #expect(p.waitText("Supprimé : Geste cadeau", timeout: 3), "\(p.screen.text)")
        #expect(p.pump(timeout: 2) { Gestures.lineRow("Geste cadeau", $0) == nil }, "\(p.screen.text)")
        for _ in 0..<80 {
            lines = try Self.serverLines(rig.api, home: rig.home.path)
            if lines["Geste cadeau"] == nil { break }
            Thread.sleep(forTimeInterval: 0.25)
        }
        #expect(lines["Geste cadeau"] == nil, "deleted on the server")
        #expect(Set(lines.keys) == Set(before.keys), "the month's lines are the ones it had")
        p.send("q")
        _ = p.waitExit()
    }

    /// `]` to the first month ahead without a budget: the offer from the default template, `Entrée`, and
    /// the server has the month with the template's lines; then a quick-add dated in it lands on it.
    @Test func nextMonthCreatedFromTheTemplateThenAQuickAddOnIt() throws {
        let rig = try StaleKeyE2ETests.SignedIn("pulpe-new-month")
        defer { rig.stop() }
        let p = try StaleKeyE2ETests.startTUI(port: rig.port, home: rig.home.path)
        defer { p.terminate() }
        #expect(p.waitText("Mis à jour à", timeout: 15), "\(p.screen.text)")
        let current = try #require(p.screen.rowsText.first { $0.hasPrefix("┌─ ") }, "\(p.screen.text)")
        // The demo plans two months ahead; the first month after them has no budget.
        for _ in 0..<4 where !p.screen.text.contains("Pas encore de budget pour") {
            p.send("]")
            p.pump(timeout: 5) { $0.text.contains("Pas encore de budget pour") || $0.text.contains("Disponible à dépenser") }
            p.settle(quiet: 0.3)
        }
        #expect(p.waitText("Pas encore de budget pour", timeout: 10), "a month ahead has none: \(p.screen.text)")
        #expect(p.waitText("Entrée : le créer depuis un modèle", timeout: 5), "\(p.screen.text)")
        p.settle(quiet: 0.3)
        p.sendKey(.enter)
        #expect(p.waitText("Entrée : créer le budget depuis", timeout: 10), "\(p.screen.text)")
        let offer = try #require(p.screen.rowsText.first { $0.contains("Entrée : créer le budget depuis") })
        #expect(offer.contains("« Budget standard »"), "the default template preselected: \(offer)")
        #expect(p.pump(timeout: 10) { $0.text.contains("Disponible prévu") }, "the preview\n\(p.screen.text)")
        let title = try #require(p.screen.rowsText.first { $0.hasPrefix("┌─ ") }, "\(p.screen.text)")
        #expect(title != current)
        p.settle(quiet: 0.3)
        p.sendKey(.enter)
        // The request's status line is transient (the month read again replaces it): either is
        // the request seen; a screen batch can carry both, so only the end is required.
        p.pump(timeout: 10) { $0.text.contains("demandé depuis « Budget standard »") || $0.text.contains("Disponible à dépenser") }
        #expect(p.pump(timeout: 15) { $0.text.contains("Disponible à dépenser") && $0.text.contains("Loyer") },
                "the month, created, read again\n\(p.screen.text)")

        // The server has it, with the template's lines.
        let month = try #require(Self.nextMonth(from: title), "\(title)")
        let (json, _) = try Verbs.month(["\(month)", "--max-age", "0"] + rig.api, home: rig.home.path)
        let names = Set((json["lines"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        #expect(names.isSuperset(of: ["Salaire", "Loyer", "Épicerie", "Épargne"]), "\(names)")

        // A quick-add from that month is dated in it (its period's first day) and goes on its budget.
        p.send("a")
        #expect(p.waitText("Nouvelle dépense", timeout: 10), "\(p.screen.text)")
        #expect(p.pump(timeout: 10) { $0.text.contains("budget \(title.dropFirst(3).split(separator: " ")[0].lowercased())") },
                "the date is in the new month's budget\n\(p.screen.text)")
        p.send("12.50")
        p.sendKey(.tab)
        p.send("Geste nouveau mois")
        p.sendKey(.enter)
        #expect(p.pump(timeout: 5) { !$0.text.contains("Nouvelle dépense") }, "saved\n\(p.screen.text)")
        var rows: [[String: Any]] = []
        for _ in 0..<40 {
            rows = try Verbs.month(["\(month)", "--max-age", "0"] + rig.api, home: rig.home.path).transactions
            if rows.contains(where: { $0["name"] as? String == "Geste nouveau mois" && $0["pending"] is NSNull }) { break }
            Thread.sleep(forTimeInterval: 0.25)
        }
        #expect(rows.filter { $0["name"] as? String == "Geste nouveau mois" }.count == 1, "\(rows)")
        p.send("q")
        _ = p.waitExit()
    }

    /// `]` until the first month without a budget; how many presses it took.
    static func goToFirstMonthWithoutBudget(_ p: PTYProcess) -> Int {
        var presses = 0
        for _ in 0..<4 where !p.screen.text.contains("Pas encore de budget pour") {
            p.send("]")
            presses += 1
            p.pump(timeout: 5) { $0.text.contains("Pas encore de budget pour") || $0.text.contains("Disponible à dépenser") }
            p.settle(quiet: 0.3)
        }
        return presses
    }

    /// Decision 52: created offline, a month is usable at once (quick-add on it works; its expenses wait
    /// behind the creation). The templates were read once online (and kept); the app starts again
    /// with the server away, creates the month from the cache's template, shows it at once, takes an
    /// expense on it; the server back, the month is created with the template's lines and the
    /// expense lands in it, once.
    /// Online, `]` to the first month without a budget and `Entrée`: the templates read once (and
    /// kept); then the server goes away and the app starts again on its cache. Returns that app,
    /// how many `]` it took and the month's title.
    static func offlineOnceTheTemplatesWereRead(_ rig: StaleKeyE2ETests.SignedIn,
                                                sourceLocation: SourceLocation = #_sourceLocation) throws
        -> (p: PTYProcess, presses: Int, title: String) {
        let online = try StaleKeyE2ETests.startTUI(port: rig.port, home: rig.home.path)
        defer { online.terminate() }
        #expect(online.waitText("Mis à jour à", timeout: 15), "\(online.screen.text)", sourceLocation: sourceLocation)
        let presses = Self.goToFirstMonthWithoutBudget(online)
        #expect(online.waitText("Entrée : le créer depuis un modèle", timeout: 10), "\(online.screen.text)", sourceLocation: sourceLocation)
        let title = try #require(online.screen.rowsText.first { $0.hasPrefix("┌─ ") }, "\(online.screen.text)",
                                 sourceLocation: sourceLocation)
        online.settle(quiet: 0.3)
        online.sendKey(.enter)
        #expect(online.waitText("Entrée : créer le budget depuis", timeout: 10), "the templates, read once: \(online.screen.text)",
                sourceLocation: sourceLocation)
        online.send("q")
        #expect(online.waitExit() == 0, sourceLocation: sourceLocation)

        rig.server.stop()
        let p = try StaleKeyE2ETests.startTUI(port: rig.port, home: rig.home.path)
        #expect(p.waitText("Disponible à dépenser", timeout: 15), "the cached month\n\(p.screen.text)", sourceLocation: sourceLocation)
        p.settle(quiet: 0.3)
        return (p, presses, title)
    }

    @Test func nextMonthCreatedOfflineThenAQuickAddOnItDrainedOnce() throws {
        let rig = try StaleKeyE2ETests.SignedIn("pulpe-new-month-offline", keepingData: true)
        defer { rig.stop() }
        // The server goes away; the app starts on its cache and creates the month from it.
        let (p, presses, title) = try Self.offlineOnceTheTemplatesWereRead(rig)
        defer { p.terminate() }
        let month = try #require(Self.nextMonth(from: title), "\(title)")
        for _ in 0..<presses {
            p.send("]")
            p.pump(timeout: 5) { $0.text.contains("Pas encore de budget pour") || $0.text.contains("Disponible à dépenser") }
            p.settle(quiet: 0.3)
        }
        #expect(p.waitText("Entrée : le créer depuis un modèle", timeout: 10), "\(p.screen.text)")
        p.settle(quiet: 0.3)
        p.sendKey(.enter)
        #expect(p.waitText("Entrée : créer le budget depuis « Budget standard »", timeout: 10), "the cache's templates\n\(p.screen.text)")
        p.settle(quiet: 0.3)
        p.sendKey(.enter)
        #expect(p.pump(timeout: 5) { $0.text.contains("création en attente") && $0.text.contains("Loyer") },
                "shown at once as the template makes it\n\(p.screen.text)")
        p.send("a")
        #expect(p.waitText("Nouvelle dépense", timeout: 3), "\(p.screen.text)")
        p.send("12.50")
        p.sendKey(.tab)
        p.send("Geste mois hors ligne")
        p.sendKey(.enter)
        #expect(p.pump(timeout: 5) { !$0.text.contains("Nouvelle dépense") }, "stored\n\(p.screen.text)")
        #expect(p.pump(timeout: 3) { $0.text.contains("Geste mois hors ligne") }, "in the month at once\n\(p.screen.text)")

        // Back with what it held: the month first, then the expense in it, once.
        try rig.restartServer()
        var rows: [[String: Any]] = []
        var lines: Set<String> = []
        for _ in 0..<120 {
            let run = try Shell.pulpe(["month", "--json", "\(month)", "--max-age", "0"] + rig.api, home: rig.home.path)
            if run.status == 0, let json = try? JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any] {
                rows = json["transactions"] as? [[String: Any]] ?? []
                lines = Set((json["lines"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
                if rows.contains(where: { $0["name"] as? String == "Geste mois hors ligne" && $0["pending"] is NSNull }) { break }
            }
            Thread.sleep(forTimeInterval: 0.25)
        }
        #expect(lines.isSuperset(of: ["Salaire", "Loyer", "Épicerie", "Épargne"]), "the template's lines on the server: \(lines)")
        #expect(rows.filter { $0["name"] as? String == "Geste mois hors ligne" && $0["pending"] is NSNull }.count == 1,
                "the expense on the server, once: \(rows)")
        #expect(p.pump(timeout: 20) { !$0.text.contains("création en attente") && $0.text.contains("Geste mois hors ligne") },
                "the server's month replaces the provisional one\n\(p.screen.text)")
        p.send("q")
        _ = p.waitExit()
    }

    /// « ┌─ Janvier 2027 ─ 25.12. – 24.01. » → "2027-01".
    static func nextMonth(from title: String) -> String? {
        let words = title.dropFirst(3).split(separator: " ")
        guard words.count >= 2, let index = FrenchMonths.names.firstIndex(of: String(words[0])), let year = Int(words[1]) else { return nil }
        return String(format: "%04d-%02d", year, index + 1)
    }
}
