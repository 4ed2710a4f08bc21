import Foundation
import PulpeDomain
import PulpeTestSupport
import Testing

/// `pulpe month`, `pulpe year`, `pulpe unlock` and `pulpe lock` against the real sandbox binary,
/// beside the TUI: the shell prints the figures the panels show, and the client key kept after a
/// PIN (in the TUI or `pulpe unlock`) is what lets shell commands run — 77 without it.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ShellPanelsE2ETests {
    typealias Shell = ShellAddE2ETests

    /// The first amount (`-1’234.56 CHF`) on screen after `label`.
    static func amount(after label: String, in screen: String) -> String? {
        guard let start = screen.range(of: label) else { return nil }
        let rest = screen[start.upperBound...]
        return rest.range(of: #"-?[0-9’]+\.[0-9]{2} CHF"#, options: .regularExpression).map { String(rest[$0]) }
    }

    @Test func monthAndYearPrintWhatThePanelsShow() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-shell-panels")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        let server = try SandboxProcess(port: port)
        defer { server.stop() }

        // The TUI at 120×40 shows the month and the year side by side; the PIN keeps the key.
        let p = try QuickAddE2ETests.signIn(port: port, home: home.path)
        defer { p.terminate() }
        #expect(p.waitText("Solde de fin d'année", timeout: 10), "\(p.screen.text)")
        p.settle()
        let screen = p.screen.text
        let shownRemaining = try #require(Self.amount(after: "Disponible à dépenser", in: screen), "\(screen)")
        let shownClosing = try #require(Self.amount(after: "Solde de fin d'année", in: screen), "\(screen)")
        p.send("q")
        #expect(p.waitExit() == 0)

        let month = try Shell.pulpe(["month", "--json"] + api, home: home.path)
        #expect(month.status == 0, "the TUI's PIN kept the key: no pulpe unlock needed — \(month)")
        let monthJSON = try #require(try JSONSerialization.jsonObject(with: Data(month.out.utf8)) as? [String: Any])
        let remaining = try #require((monthJSON["remaining"] as? String).flatMap { Decimal(string: $0) }, "\(month.out)")
        #expect(MoneyFormatter.format(remaining, currency: .chf) == shownRemaining, "same « Disponible à dépenser » as the TUI")
        #expect((monthJSON["transactions"] as? [Any])?.isEmpty == false && (monthJSON["lines"] as? [Any])?.isEmpty == false)

        let table = try Shell.pulpe(["month"] + api, home: home.path)
        #expect(table.status == 0)
        #expect(table.out.contains("Disponible à dépenser  \(shownRemaining)"), "\(table.out)")
        #expect(table.out.contains("Prévisions") && table.out.contains("Transaction"), "\(table.out)")

        let year = try Shell.pulpe(["year", "--json"] + api, home: home.path)
        #expect(year.status == 0, "\(year)")
        let yearJSON = try #require(try JSONSerialization.jsonObject(with: Data(year.out.utf8)) as? [String: Any])
        let closing = try #require((yearJSON["closingBalance"] as? String).flatMap { Decimal(string: $0) }, "\(year.out)")
        #expect(MoneyFormatter.format(closing, currency: .chf) == shownClosing, "same closing balance as the year panel")
        #expect((yearJSON["months"] as? [Any])?.count == 12)
        let yearTable = try Shell.pulpe(["year"] + api, home: home.path)
        #expect(yearTable.out.contains("Solde de fin d'année") && yearTable.out.contains(shownClosing), "\(yearTable.out)")

        let usage = try Shell.pulpe(["month", "2026-13"] + api, home: home.path)
        #expect(usage.status == 64, "\(usage)")
    }

    /// `pulpe search` (SearchFlow) online merges the server's answer; in maintenance it asks only
    /// the cache, and what waits in the outbox is found as `pulpe month` shows it. The read-only
    /// commands in maintenance answer from the cache, stale (ReadFlow).
    @Test func searchAndReadsOnlineThenInMaintenance() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-shell-search")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        let p = try QuickAddE2ETests.signIn(port: port, home: home.path)
        #expect(p.waitText("Solde de fin d'année", timeout: 10), "\(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
        p.terminate()

        let online = try Shell.pulpe(["search", "migros"] + api, home: home.path)
        #expect(online.status == 0 && online.out.contains("Migros"), "\(online)")
        #expect(!online.out.contains("Résultats du cache"), "the server answered: \(online)")
        let short = try Shell.pulpe(["search", "m"] + api, home: home.path)
        #expect(short.status == 65 && short.err.contains("Au moins 2 caractères"), "\(short)")

        try server.setMaintenance(true)
        let queued = try Shell.pulpe(["add", "3.10", "Kiosque gare"] + api, home: home.path)
        #expect(queued.status == 75, "\(queued)")
        let cached = try Shell.pulpe(["search", "kiosque"] + api, home: home.path)
        #expect(cached.status == 0, "\(cached)")
        #expect(cached.out.hasPrefix("Résultats du cache (serveur injoignable)\n") && cached.out.contains("Kiosque gare"),
                "what waits is found from the cache: \(cached)")
        let status = try Shell.pulpe(["status", "--max-age", "0", "--json"] + api, home: home.path)
        #expect(status.status == 0, "\(status)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(status.out.utf8)) as? [String: Any], "\(status)")
        #expect(json["stale"] as? Bool == true && json["pending"] as? Int == 1, "the cache, with its age: \(status.out)")
        let month = try Shell.pulpe(["month", "--max-age", "0"] + api, home: home.path)
        #expect(month.status == 0 && month.out.contains("(serveur injoignable)") && month.out.contains("Kiosque gare"), "\(month)")
        #expect(try server.transactions(email: "demo@pulpe.local").allSatisfy { $0.name != "Kiosque gare" }, "nothing sent")
    }

    /// `pulpe status`, `month` and `year` with a fresh cache, `pending` and `lock` ask the server nothing:
    /// a listener in the server's place sees no connection; and the read-only commands read the
    /// outbox without writing a byte of it.
    @Test func commandsThatNeedNoServerNeverConnect() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-shell-quiet")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        do {
            let server = try SandboxProcess(port: port)
            defer { server.stop() }
            let p = try QuickAddE2ETests.signIn(port: port, home: home.path)
            #expect(p.waitText("Solde de fin d'année", timeout: 10), "\(p.screen.text)")
            p.send("q")
            #expect(p.waitExit() == 0)
            p.terminate()
            // An outbox exists, as after any use: the reads below must leave its file as it is.
            #expect(try Shell.pulpe(["add", "2.40", "Journal"] + api, home: home.path).status == 0)
        }
        let listener = try RawListener(.close, port: port)
        let outbox = home.path + "/.local/share/pulpe/outbox.sqlite"
        let before = try #require(FileManager.default.contents(atPath: outbox))
        defer { listener.stop() }

        let status = try Shell.pulpe(["status"] + api, home: home.path)
        #expect(status.status == 0 && status.out.hasPrefix("Disponible "), "\(status)")
        let pending = try Shell.pulpe(["pending"] + api, home: home.path)
        #expect(pending.status == 0 && pending.out == "Rien en attente\n", "\(pending)")
        for panel in ["month", "year"] {
            let run = try Shell.pulpe([panel] + api, home: home.path)
            #expect(run.status == 0 && !run.out.contains("serveur injoignable"), "the cache is fresh: \(run)")
        }
        #expect(FileManager.default.contents(atPath: outbox) == before, "the outbox's bytes changed")
        let lock = try Shell.pulpe(["lock"] + api, home: home.path)
        #expect(lock.status == 0, "\(lock)")

        Thread.sleep(forTimeInterval: 0.2)
        #expect(listener.requests == 0, "\(listener.requests) connection(s) to the server's address")
    }

    @Test func lockedSessionsExit77UntilUnlockAndTheKeptKeySkipsThePin() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-shell-lock")
        defer { home.remove() }
        defer { HomeKeyAgent.stop(home: home.path) }
        let port = SandboxProcess.freePort()
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        do {
            // Signed in with the password, then gone at the PIN screen: a locked session.
            let p = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: api,
                                   env: PTYEnvironment.standard(home: home.path), rows: 24, cols: 80)
            defer { p.terminate() }
            #expect(p.waitText("Mot de passe", timeout: 10), "\(p.screen.text)")
            p.send("demo@pulpe.local")
            p.sendKey(.enter)
            p.send("pulpe-demo")
            p.sendKey(.enter)
            #expect(p.waitText("Code PIN", timeout: 10), "\(p.screen.text)")
            p.sendKey(.ctrl("c"))
            _ = p.waitExit()
        }
        for command in [["add", "4.50", "Café"], ["status"], ["month"], ["year"], ["sync"]] {
            let run = try Shell.pulpe([command[0]] + api + Array(command.dropFirst()), home: home.path)
            #expect(run.status == 77, "\(command): \(run)")
            #expect(run.err.contains("Session verrouillée — lance `pulpe unlock`"), "\(command): \(run.err)")
        }
        let wrong = try Shell.pulpe(["unlock", "--pin-stdin"] + api, home: home.path, stdin: "9999\n")
        #expect(wrong.status == 77 && wrong.err.contains("Code incorrect"), "\(wrong)")
        let short = try Shell.pulpe(["unlock", "--pin-stdin"] + api, home: home.path, stdin: "12\n")
        #expect(short.status == 65, "\(short)")
        let unlocked = try Shell.pulpe(["unlock", "--pin-stdin"] + api, home: home.path, stdin: "1234\n")
        #expect(unlocked.status == 0 && unlocked.out.hasPrefix("Déverrouillée"), "\(unlocked)")
        let added = try Shell.pulpe(["add"] + api + ["4.50", "Café"], home: home.path)
        #expect(added.status == 0, "\(added)")
        #expect(try Shell.pulpe(["status"] + api, home: home.path).status == 0)

        // The kept key also opens the TUI without the PIN.
        do {
            let p = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: api,
                                   env: PTYEnvironment.standard(home: home.path), rows: 24, cols: 80)
            defer { p.terminate() }
            #expect(p.waitText("Disponible à dépenser", timeout: 10), "\(p.screen.text)")
            #expect(!p.screen.text.contains("Code PIN"))
            p.send("q")
            #expect(p.waitExit() == 0)
        }

        let locked = try Shell.pulpe(["lock"] + api, home: home.path)
        #expect(locked.status == 0 && locked.out.hasPrefix("Verrouillée"), "\(locked)")
        let keyFile = home.path + "/.local/state/pulpe/client-keys.json"
        #expect(!FileManager.default.fileExists(atPath: keyFile), "lock leaves no key on disk")
        #expect(HomeKeyAgent.waitGone(home: home.path), "nor an agent holding one (decision 103)")
        let refused = try Shell.pulpe(["add"] + api + ["3", "Pain"], home: home.path)
        #expect(refused.status == 77, "\(refused)")
        #expect(try server.transactions(email: "demo@pulpe.local").filter { $0.name == "Pain" }.isEmpty)
    }

    /// The TUI and a `pulpe add` loop share the outbox: each expense reaches the server once.
    @Test func aTUIAndAHundredShellAddsLeaveExactlyAHundredTransactions() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-shell-loop")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        let p = try QuickAddE2ETests.signIn(port: port, home: home.path)
        defer { p.terminate() }
        let before = try server.transactions(email: QuickAddE2ETests.email).count
        var statuses: [Int32] = []
        for index in 0..<100 {
            let run = try Shell.pulpe(["add"] + api + ["--wait", "5", OutboxFaultInjectionTests.amount(index), "Boucle \(index)"],
                                      home: home.path)
            statuses.append(run.status)
            if index % 10 == 0 { p.send("s") }   // the TUI sends what waits too, from the same outbox
        }
        #expect(statuses.allSatisfy { $0 == 0 || $0 == 75 }, "\(statuses)")
        let held = QuickAddE2ETests.serverEventually(server, timeout: 30) { rows in
            rows.filter { $0.name.hasPrefix("Boucle ") }.count >= 100
        }
        let loop = held.filter { $0.name.hasPrefix("Boucle ") }
        #expect(held.count - before == 100, "exactly 100 new transactions")
        #expect(Set(loop.map(\.name)).count == 100 && loop.count == 100, "each once")
        for row in loop {
            let index = Int(row.name.dropFirst("Boucle ".count))!
            #expect(Decimal(string: row.amount) == Decimal(string: OutboxFaultInjectionTests.amount(index)), "\(row)")
        }
        p.send("q")
        #expect(p.waitExit() == 0)
    }
}
