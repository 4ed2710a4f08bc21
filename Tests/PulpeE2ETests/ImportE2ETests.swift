import Foundation
import PulpeDomain
import PulpeTestSupport
import Testing

/// `pulpe import` end to end (decision 90): a statement imported offline, killed at random moments
/// while it stores, imported again; the server back, each operation exists once; the same file
/// imported once more creates nothing.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ImportE2ETests {
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PulpeImportTests/Fixtures/\(name)").path
    }

    @Test func offlineKilledAndAgainEachOperationOnce() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-import")
        defer { home.remove() }
        let data = try TemporaryDirectory(prefix: "pulpe-import-server")
        defer { data.remove() }
        let port = SandboxProcess.freePort()
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        var server = try SandboxProcess(port: port, dataDir: data.path)
        let email = try OutboxFaultInjectionTests.demoSession(port: port, home: home.path)
        let pulpe = { (arguments: [String]) in try ShellAddE2ETests.pulpe(arguments, home: home.path) }
        #expect(try pulpe(["sync"] + api).status == 0, "the replica whole: the months the statement falls in")

        // Twenty card payments in the last 15 days of the previous period, one of them entered by
        // hand already: days from the real date (the demo's months follow it; 25: its pay day).
        let today = CalendarDay(SystemTime.now(), in: .system)
        let previous = PayDayCalendar.period(of: PayDayCalendar.budgetMonth(for: today, payDay: 25).previous, payDay: 25)
        let swiss = { (day: CalendarDay) in String(format: "%02d.%02d.%04d", day.day, day.month, day.year) }
        let csv = home.path + "/releve.csv"
        let rows = (1...20).map { index in "\(swiss(previous.end.adding(days: index % 15 - 14)));Achat carte \(index);;-\(index).50" }
        try ("Buchungsdatum;Avisierungstext;Gutschrift in CHF;Lastschrift in CHF\n" + rows.joined(separator: "\n") + "\n")
            .write(toFile: csv, atomically: true, encoding: .utf8)
        #expect(try pulpe(["add"] + api + ["--date", previous.end.adding(days: -13).description, "1.50", "Achat carte 1"]).status == 0)

        let dry = try pulpe(["import", csv, "--dry-run", "--json"] + api)
        #expect(dry.status == 0, "\(dry)")
        let planned = try JSONSerialization.jsonObject(with: Data(dry.out.utf8)) as? [[String: Any]] ?? []
        #expect(planned.count == 20 && planned.filter { $0["status"] as? String == "new" }.count == 19, "\(dry.out)")
        #expect(planned.first?["status"] as? String == "already", "entered by hand: already in Pulpe")
        #expect(try pulpe(["import", csv] + api).status == 64, "not confirmed: nothing stored")

        server.stop()
        // Killed at random moments while it stores: what was committed stays, nothing twice.
        for delay in [0.05, 0.15, 0.3, 0.5] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: BinaryLocator.path(of: "pulpe"))
            process.arguments = ["import", csv, "--yes", "--wait", "1"] + api
            process.environment = PTYEnvironment.anchoring(["HOME": home.path, "PATH": "/usr/bin:/bin"])
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        let last = try pulpe(["import", csv, "--yes", "--wait", "1"] + api)
        #expect(last.status == 75 || last.status == 0, "\(last)")

        server = try SandboxProcess(port: port, dataDir: data.path)
        defer { server.stop() }
        #expect(try pulpe(["sync"] + api).status == 0)
        let held = try server.transactions(email: email).map(\.name)
        for index in 1...20 {
            #expect(held.filter { $0 == "Achat carte \(index)" }.count == 1, "Achat carte \(index) once: \(held.filter { $0.hasPrefix("Achat") })")
        }
        let again = try pulpe(["import", csv, "--yes"] + api)
        #expect(again.status == 0 && again.out.contains("0 à importer sur 20"), "the same file again: nothing\n\(again.out)")
    }

    /// The remembered rules (decision 90): added and removed by `pulpe import rules`, applied by
    /// the import — one renames, one skips — and kept sealed: no file of the home holds a pattern
    /// or a name they give.
    @Test func rulesAreAppliedAndKeptSealed() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-import-rules")
        defer { home.remove() }
        let data = try TemporaryDirectory(prefix: "pulpe-import-rules-server")
        defer { data.remove() }
        let port = SandboxProcess.freePort()
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        let server = try SandboxProcess(port: port, dataDir: data.path)
        defer { server.stop() }
        _ = try OutboxFaultInjectionTests.demoSession(port: port, home: home.path)
        let pulpe = { (arguments: [String]) in try ShellAddE2ETests.pulpe(arguments, home: home.path) }
        #expect(try pulpe(["sync"] + api).status == 0)
        // The statement outside the home: its labels are the user's file, not pulpe's. Days of the
        // previous period, from the real date (25: the demo's pay day).
        let today = CalendarDay(SystemTime.now(), in: .system)
        let end = PayDayCalendar.period(of: PayDayCalendar.budgetMonth(for: today, payDay: 25).previous, payDay: 25).end
        let swiss = { (back: Int) in let day = end.adding(days: -back); return String(format: "%02d.%02d.%04d", day.day, day.month, day.year) }
        let csv = data.path + "/releve.csv"
        try ("Buchungsdatum;Avisierungstext;Gutschrift in CHF;Lastschrift in CHF\n"
            + "\(swiss(12));BOULANGERIE ZWAHLEN CAROUGE;;-7.40\n\(swiss(11));VIREMENT COMPTE PROPRE 4471;;-500.00\n"
            + "\(swiss(10));KIOSQUE GARE;;-3.20\n").write(toFile: csv, atomically: true, encoding: .utf8)

        #expect(try pulpe(["import", "rules"] + api).out.contains("Aucune règle"))
        let rename = try pulpe(["import", "rules", "add", "boulangerie zwahlen", "--name", "Pain du matin"] + api)
        #expect(rename.status == 0 && rename.out.contains("« boulangerie zwahlen » → nommée « Pain du matin »"), "\(rename)")
        #expect(try pulpe(["import", "rules", "add", "compte propre", "--skip"] + api).status == 0)
        #expect(try pulpe(["import", "rules", "add", "kiosque"] + api).status == 65, "a rule that changes nothing")
        let listed = try pulpe(["import", "rules", "--json"] + api)
        let rules = try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [[String: Any]] ?? []
        #expect(rules.map { $0["pattern"] as? String } == ["boulangerie zwahlen", "compte propre"], "\(listed)")

        let dry = try pulpe(["import", csv, "--dry-run", "--json"] + api)
        let planned = try JSONSerialization.jsonObject(with: Data(dry.out.utf8)) as? [[String: Any]] ?? []
        #expect(planned.map { $0["name"] as? String } == ["Pain du matin", "VIREMENT COMPTE PROPRE 4471", "KIOSQUE GARE"], "\(dry.out)")
        #expect(planned.map { $0["status"] as? String } == ["new", "skipped-by-rule", "new"], "\(dry.out)")

        for text in ["boulangerie zwahlen", "Pain du matin", "compte propre"] {
            #expect(SealedFilesE2ETests.filesHolding(text, under: home.path).isEmpty, "« \(text) » in clear")
        }
        #expect(try pulpe(["import", "rules", "rm", "compte propre"] + api).status == 0)
        #expect(try pulpe(["import", "rules", "rm", "compte propre"] + api).status == 64, "gone already")
        #expect(try pulpe(["import", "rules"] + api).out == "« boulangerie zwahlen » → nommée « Pain du matin »\n")
    }

    /// The review in a pty: offline, `I` with the file's path; one operation skipped, one renamed,
    /// one put on a prévision; `Entrée`. Server back: each kept operation exists once, the renamed
    /// one under its new name, the assigned one on its prévision, the skipped one not at all; the
    /// same file again is all « already ».
    @Test func theReviewInTheTUIOffline() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-import-tui")
        defer { home.remove() }
        let data = try TemporaryDirectory(prefix: "pulpe-import-tui-server")
        defer { data.remove() }
        let port = SandboxProcess.freePort()
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        var server = try SandboxProcess(port: port, dataDir: data.path)
        let email = try OutboxFaultInjectionTests.demoSession(port: port, home: home.path)
        let pulpe = { (arguments: [String]) in try ShellAddE2ETests.pulpe(arguments, home: home.path) }
        #expect(try pulpe(["sync"] + api).status == 0)
        // On the current period's first day (25: the demo's pay day), from the real date: never
        // after today, always in the month the review's prévisions belong to.
        let current = PayDayCalendar.budgetMonth(for: CalendarDay(SystemTime.now(), in: .system), payDay: 25)
        let first = PayDayCalendar.period(of: current, payDay: 25).start
        let day = String(format: "%02d.%02d.%04d", first.day, first.month, first.year)
        let csv = home.path + "/releve.csv"
        try """
            Buchungsdatum;Avisierungstext;Gutschrift in CHF;Lastschrift in CHF
            \(day);Revue Alpha;;-11.10
            \(day);Revue Beta;;-22.20
            \(day);Revue Gamma;;-33.30
            \(day);Revue Delta;;-44.40

            """.write(toFile: csv, atomically: true, encoding: .utf8)

        let p = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: api, env: PTYEnvironment.standard(home: home.path), rows: 30, cols: 110)
        defer { p.terminate() }
        #expect(p.waitText("Mis à jour à", timeout: 15), "\(p.screen.text)")
        server.stop()
        p.send("I")
        #expect(p.waitText("Fichier (CAMT.053 ou CSV)", timeout: 5), "\(p.screen.text)")
        p.send(csv)
        p.sendKey(.enter)
        #expect(p.waitText("4 à importer sur 4", timeout: 10), "\(p.screen.text)")
        p.send(" ")                       // Alpha skipped
        p.sendKey(.down)
        p.send("r")
        p.sendKey(.ctrl("u"))
        p.send("Revue Bêta")              // Beta renamed
        p.sendKey(.enter)
        p.sendKey(.down)
        p.send("l")                       // Gamma on « Loyer », typed
        #expect(p.waitText("Prévision (vide : libre) :", timeout: 5), "\(p.screen.text)")
        p.send("loy")
        p.sendKey(.enter)
        #expect(p.waitText("→ Loyer, pointée", timeout: 5), "\(p.screen.text)")
        p.sendKey(.down)
        p.send("l")
        p.send("electr")                  // Delta on « Électricité »: accents aside
        p.sendKey(.enter)
        #expect(p.waitText("→ Électricité, pointée", timeout: 5), "\(p.screen.text)")
        #expect(p.waitText("3 à importer sur 4", timeout: 5), "\(p.screen.text)")
        p.sendKey(.enter)
        #expect(p.waitText("3 opérations du relevé", timeout: 5), "\(p.screen.text)")

        server = try SandboxProcess(port: port, dataDir: data.path)
        defer { server.stop() }
        let deadline = Date().addingTimeInterval(40)
        var held: [SandboxTransaction] = []
        while Date() < deadline {
            held = (try? server.transactions(email: email)) ?? []
            if ["Revue Bêta", "Revue Gamma", "Revue Delta"].allSatisfy({ name in held.contains { $0.name == name } }) { break }
            Thread.sleep(forTimeInterval: 0.5)
        }
        #expect(held.filter { $0.name == "Revue Bêta" }.count == 1, "renamed, once: \(held.map(\.name))")
        #expect(held.filter { $0.name == "Revue Gamma" }.count == 1)
        #expect(held.filter { $0.name == "Revue Delta" }.count == 1)
        #expect(!held.contains { $0.name.hasPrefix("Revue Alpha") }, "skipped")
        p.send("q")
        _ = p.waitExit(timeout: 15)
        let month = try pulpe(["month", current.description, "--json", "--max-age", "0"] + api)
        let rows = (try JSONSerialization.jsonObject(with: Data(month.out.utf8)) as? [String: Any])?["transactions"] as? [[String: Any]] ?? []
        let gamma = rows.first { $0["name"] as? String == "Revue Gamma" }
        let delta = rows.first { $0["name"] as? String == "Revue Delta" }
        #expect(gamma?["line"] as? String == "Loyer" && gamma?["checked"] as? Bool == true,
                "on the prévision chosen, checked: \(String(describing: gamma))")
        #expect(delta?["line"] as? String == "Électricité" && delta?["checked"] as? Bool == true, "\(String(describing: delta))")
        let again = try pulpe(["import", csv, "--dry-run", "--json"] + api)
        let planned = try JSONSerialization.jsonObject(with: Data(again.out.utf8)) as? [[String: Any]] ?? []
        #expect(planned.filter { $0["status"] as? String == "already" }.count == 3, "the kept ones are found again: \(again.out)")
        // The choices are remembered for the next import (sealed with the account).
        let rules = try pulpe(["import", "rules"] + api)
        #expect(rules.out.contains("« Revue Beta » → nommée « Revue Bêta »"), "\(rules)")
    }
}

