import Foundation
import PulpeDomain
import PulpeTestSupport
import Testing

/// issue 25 with the real binary in a pseudo-terminal against a real `pulpe-server`: `S` finds a
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
        let back = Calendar(identifier: .gregorian).date(byAdding: .day, value: -92, to: Date())!
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
        p.sendKey(.escape)
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

        // d on the new one: gone at once, from the server once the window has passed.
        p.sendKey(.escape)
        Gestures.selectLine(p, "Geste cadeau")
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
}
