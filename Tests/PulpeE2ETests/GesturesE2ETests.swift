import Foundation
import PulpeDomain
import PulpeTestSupport
import Testing

/// Decision 47: the gestures on the month's transactions with the real binary in a pseudo-terminal,
/// against a real `pulpe-server` that keeps its data across a stop and a start: `x` checks off,
/// `Entrée` on a selected row edits, `d` deletes held 5 s so `u` takes it back before anything is
/// sent; with the server away each is shown at once and reaches it once it is back.
@Suite(.serialized, .timeLimit(.minutes(4)))
struct GesturesE2ETests {
    typealias Shell = ShellAddE2ETests
    static let email = QuickAddE2ETests.email

    // MARK: The server's side

    /// What the server holds for the demo user, with `checkedAt` (the admin listing, loopback only).
    static func held(port: Int) -> [[String: Any]]? {
        try? SandboxProcess.listing(port: port, email: email)
    }

    /// Polls the listing until `done` holds (or the timeout); the last listing read.
    static func heldEventually(port: Int, timeout: Double, _ done: ([[String: Any]]) -> Bool) -> [[String: Any]] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [[String: Any]] = []
        repeat {
            if let rows = held(port: port) {
                last = rows
                if done(rows) { return rows }
            }
            Thread.sleep(forTimeInterval: 0.2)
        } while Date() < deadline
        return last
    }

    static func row(_ name: String, in rows: [[String: Any]]) -> [String: Any]? { rows.first { $0["name"] as? String == name } }

    static func isChecked(_ name: String, in rows: [[String: Any]]) -> Bool {
        guard let row = row(name, in: rows) else { return false }
        return !(row["checkedAt"] is NSNull) && row["checkedAt"] != nil
    }

    static func amount(_ name: String, in rows: [[String: Any]]) -> String? {
        (row(name, in: rows)?["amount"] as? NSNumber)?.stringValue
    }

    /// A short description of the listing for failure messages.
    static func summary(_ rows: [[String: Any]]) -> String {
        rows.filter { ($0["name"] as? String)?.hasPrefix("Geste") == true }
            .map { "\($0["name"] ?? "?") \($0["amount"] ?? "?") checked=\(!($0["checkedAt"] is NSNull))" }
            .joined(separator: ", ")
    }

    // MARK: The screen

    /// The month list's highlighted row: the one painted in the selection colour across the list
    /// (the year grid's selected tile is narrower).
    static func highlighted(_ screen: MiniVT) -> String? {
        for y in 0..<screen.rows {
            let selected = (0..<screen.cols).count { screen.style(row: y, col: $0).background == .indexed(24) }
            if selected >= 30 { return screen.row(y) }
        }
        return nil
    }

    /// The row of the month list showing `name` (not the status line's toast), if any.
    static func listRow(_ name: String, _ screen: MiniVT) -> String? {
        screen.rowsText.first { $0.contains(name) && !$0.contains(" : \(name)") && !$0.contains("« \(name)") }
    }

    /// Highlights the row named `name`: from the top of the list, ↓ until it is.
    static func select(_ p: PTYProcess, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        p.settle(quiet: 0.1)
        if highlighted(p.screen) == nil {
            p.send("g")
            p.sendKey(.enter)
            #expect(p.pump(timeout: 3) { highlighted($0) != nil }, "Entrée selects a row\n\(p.screen.text)",
                    sourceLocation: sourceLocation)
        } else {
            p.send("g")
            p.pump(timeout: 0.3)
        }
        p.settle(quiet: 0.1)
        for _ in 0..<30 {
            let current = highlighted(p.screen)
            if current?.contains(name) == true { return }
            p.sendKey(.down)
            // ncurses repaints the row left before the row reached: wait for the new one, then for quiet.
            p.pump(timeout: 2) { screen in highlighted(screen).map { $0 != current } ?? false }
            p.settle(quiet: 0.1)
        }
        Issue.record("no row « \(name) » to select\n\(p.screen.text)", sourceLocation: sourceLocation)
    }

    /// Highlights the prévision named `name`: a transaction selected, `Tab` to the Prévisions, ↓ until it is.
    static func selectLine(_ p: PTYProcess, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        p.settle(quiet: 0.1)
        if highlighted(p.screen) == nil {
            p.send("g")
            p.sendKey(.enter)
            #expect(p.pump(timeout: 3) { highlighted($0) != nil }, "Entrée selects a row\n\(p.screen.text)", sourceLocation: sourceLocation)
        }
        p.sendKey(.tab)
        #expect(p.pump(timeout: 3) { highlighted($0)?.contains(" / ") == true }, "Tab moves to the Prévisions\n\(p.screen.text)",
                sourceLocation: sourceLocation)
        p.settle(quiet: 0.1)
        for _ in 0..<20 {
            let current = highlighted(p.screen)
            if current?.contains(name) == true { return }
            p.sendKey(.down)
            p.pump(timeout: 2) { screen in highlighted(screen).map { $0 != current } ?? false }
            p.settle(quiet: 0.1)
        }
        Issue.record("no prévision « \(name) » to select\n\(p.screen.text)", sourceLocation: sourceLocation)
    }

    /// `Échap` and waits until no row is highlighted: a lone ESC is read only after ESCDELAY, so under
    /// load the next key can overtake a test that merely waits for a quiet screen.
    static func clearSelection(_ p: PTYProcess, sourceLocation: SourceLocation = #_sourceLocation) {
        p.sendKey(.escape)
        #expect(p.pump(timeout: 5) { highlighted($0) == nil }, "Échap leaves the selection\n\(p.screen.text)", sourceLocation: sourceLocation)
    }

    /// The Prévisions row of `name` on screen (its bar and « consumed / planned »).
    static func lineRow(_ name: String, _ screen: MiniVT) -> String? {
        screen.rowsText.first { $0.contains(" \(name) ") && $0.contains(" / ") }
    }

    /// « consumed / » as the Prévisions panel writes it (« 158.72 / »).
    static func consumedText(_ amount: Decimal) -> String {
        MoneyFormatter.number(amount, currency: .chf) + " / "
    }

    /// The quick-add with its « Prévision » field: amount, description, then the prévision's name.
    static func quickAdd(_ p: PTYProcess, amount: String, description: String, line: String,
                         sourceLocation: SourceLocation = #_sourceLocation) {
        p.send("a")
        #expect(p.waitText("Nouvelle dépense", timeout: 5), "\(p.screen.text)", sourceLocation: sourceLocation)
        p.send(amount)
        p.sendKey(.tab)
        p.send(description)
        p.sendKey(.tab)
        p.send(line)
        #expect(p.waitText("— reste", timeout: 3), "the prévision is found\n\(p.screen.text)", sourceLocation: sourceLocation)
        p.sendKey(.enter)
        #expect(p.pump(timeout: 5) { !$0.text.contains("Nouvelle dépense") }, "the form closes\n\(p.screen.text)",
                sourceLocation: sourceLocation)
    }

    // MARK: The scenario

    @Test func checkEditDeleteUndoOnlineThenOfflineAndBack() throws {
        // Signed in with the TUI (the PIN keeps the key), then quit; the server keeps its data across a restart.
        let rig = try StaleKeyE2ETests.SignedIn("pulpe-gestures", keepingData: true)
        defer { rig.stop() }
        let (home, port, api) = (rig.home, rig.port, rig.api)
        // Today is the first day of the pay period: the month holds 3 transactions. Seven of the test's own.
        let names = ["A", "B", "C", "D", "E", "F", "G"].map { "Geste \($0)" }
        for (index, name) in names.enumerated() {
            let added = try Shell.pulpe(["add", "--unchecked", "\(11 + index)", name] + api, home: home.path)
            #expect(added.status == 0, "\(added)")
        }
        let before = try #require(Self.held(port: port))
        #expect(names.allSatisfy { Self.row($0, in: before) != nil && !Self.isChecked($0, in: before) }, "\(Self.summary(before))")

        let p = try StaleKeyE2ETests.startTUI(port: port, home: home.path)
        defer { p.terminate() }
        #expect(p.waitText("Mis à jour à", timeout: 15), "\(p.screen.text)")
        #expect(p.pump(timeout: 10) { screen in names.allSatisfy { Self.listRow($0, screen) != nil } }, "\(p.screen.text)")

        // x on two rows: checked on screen at once, then on the server.
        for name in ["Geste A", "Geste B"] {
            Self.select(p, name)
            p.send("x")
            #expect(p.pump(timeout: 2) { Self.listRow(name, $0)?.contains("✓ \(name)") == true }, "checked at once\n\(p.screen.text)")
            #expect(p.waitText("Pointé : \(name) — ", timeout: 5), "\(p.screen.text)")
        }
        #expect(p.screen.text.contains("u annuler"), "\(p.screen.text)")
        let checked = Self.heldEventually(port: port, timeout: 10) { Self.isChecked("Geste A", in: $0) && Self.isChecked("Geste B", in: $0) }
        #expect(Self.isChecked("Geste A", in: checked) && Self.isChecked("Geste B", in: checked), "\(Self.summary(checked))")
        #expect(!Self.isChecked("Geste C", in: checked), "only those two: \(Self.summary(checked))")

        // Entrée on a selected row: the form, the new amount, Entrée.
        Self.select(p, "Geste C")
        p.sendKey(.enter)
        #expect(p.waitText("Modifier « Geste C »", timeout: 5), "\(p.screen.text)")
        p.sendKey(.ctrl("u"))
        p.send("33.30")
        p.sendKey(.enter)
        #expect(p.pump(timeout: 5) { !$0.text.contains("Modifier « Geste C »") }, "the form closes\n\(p.screen.text)")
        #expect(p.pump(timeout: 2) { Self.listRow("Geste C", $0)?.contains("33.30") == true }, "shown at once\n\(p.screen.text)")
        let edited = Self.heldEventually(port: port, timeout: 10) { Self.amount("Geste C", in: $0) == "33.3" }
        #expect(Self.amount("Geste C", in: edited) == "33.3", "\(Self.summary(edited))")
        #expect(Self.row("Geste C", in: edited)?["id"] as? String == Self.row("Geste C", in: before)?["id"] as? String,
                "patched, not replaced")

        // d, then u within the window: the row leaves and comes back; nothing ever reaches the server.
        let count = checked.count
        Self.select(p, "Geste D")
        p.send("d")
        let pressedD = Date()
        #expect(p.pump(timeout: 2) { Self.listRow("Geste D", $0) == nil }, "hidden at once\n\(p.screen.text)")
        p.send("u")
        #expect(p.waitText("Annulé : Geste D", timeout: 3), "\(p.screen.text)")
        #expect(Date().timeIntervalSince(pressedD) < 4, "u came within the window")
        #expect(p.pump(timeout: 2) { Self.listRow("Geste D", $0) != nil }, "back at once\n\(p.screen.text)")
        Thread.sleep(forTimeInterval: max(0, 7 - Date().timeIntervalSince(pressedD)))
        let kept = try #require(Self.held(port: port))
        #expect(Self.row("Geste D", in: kept) != nil, "no DELETE reached the server: \(Self.summary(kept))")
        #expect(kept.count == count)
        #expect(Self.listRow("Geste D", p.screen) != nil, "\(p.screen.text)")
        #expect(!p.screen.text.contains("en attente"), "nothing waits\n\(p.screen.text)")

        // d, and the window passes: deleted on the server, once; u is then too late.
        Self.select(p, "Geste E")
        p.send("d")
        let pressedE = Date()
        #expect(p.pump(timeout: 2) { Self.listRow("Geste E", $0) == nil }, "hidden at once\n\(p.screen.text)")
        #expect(p.waitText("Supprimé : Geste E — 15.00 CHF · u annuler", timeout: 3), "\(p.screen.text)")
        let early = try #require(Self.held(port: port))
        #expect(Self.row("Geste E", in: early) != nil, "held: not sent at once")
        let deleted = Self.heldEventually(port: port, timeout: 35) { Self.row("Geste E", in: $0) == nil }
        print("GesturesE2ETests: the held delete reached the server \(Date().timeIntervalSince(pressedE)) s after d")
        #expect(Self.row("Geste E", in: deleted) == nil, "\(Self.summary(deleted))")
        #expect(deleted.count == count - 1, "only that one: \(Self.summary(deleted))")
        p.settle(quiet: 0.5)
        p.send("u")
        #expect(p.waitText("Trop tard : Geste E est déjà supprimé", timeout: 3), "\(p.screen.text)")
        Thread.sleep(forTimeInterval: 1)
        #expect(Self.held(port: port)?.count == count - 1)
        #expect(Self.listRow("Geste E", p.screen) == nil, "\(p.screen.text)")

        // The server goes away: x and d still show at once.
        rig.server.stop()
        Self.select(p, "Geste F")
        p.send("x")
        #expect(p.pump(timeout: 2) { Self.listRow("Geste F", $0)?.contains("✓ Geste F") == true }, "checked at once\n\(p.screen.text)")
        Self.select(p, "Geste G")
        p.send("d")
        #expect(p.pump(timeout: 2) { Self.listRow("Geste G", $0) == nil }, "hidden at once\n\(p.screen.text)")
        #expect(p.pump(timeout: 15) { $0.text.contains("en attente") || $0.text.contains("Hors ligne") }, "\(p.screen.text)")
        Thread.sleep(forTimeInterval: 6)   // the delete's window has passed while the server was away

        // Back on the same port with what it held: both reach it by themselves.
        try rig.restartServer()
        let restarted = Date()
        let drained = Self.heldEventually(port: port, timeout: 30) { Self.isChecked("Geste F", in: $0) && Self.row("Geste G", in: $0) == nil }
        #expect(Self.isChecked("Geste F", in: drained), "\(Self.summary(drained))")
        #expect(Self.row("Geste G", in: drained) == nil, "\(Self.summary(drained))")
        #expect(Date().timeIntervalSince(restarted) <= 31)
        #expect(drained.count == count - 2, "\(Self.summary(drained))")
        #expect(Self.isChecked("Geste A", in: drained) && Self.isChecked("Geste B", in: drained), "\(Self.summary(drained))")
        #expect(Self.amount("Geste C", in: drained) == "33.3")
        #expect(Self.row("Geste D", in: drained) != nil)
        #expect(p.pump(timeout: 15) { !$0.text.contains("en attente") }, "the badge clears\n\(p.screen.text)")
        // (Between the outbox's empty snapshot and the month read again, a frame may show F unchecked
        // and G back: see GestureTests.aSentChangeDoesNotFlickBackBeforeTheMonthIsReloaded.)
        #expect(p.pump(timeout: 10) { Self.listRow("Geste F", $0)?.contains("✓ Geste F") == true && Self.listRow("Geste G", $0) == nil },
                "\(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
    }

    /// The delete's window starts at the key press: after a while with nothing on the line (the user
    /// reading the month), `d` then `u` two seconds later still takes it back.
    @Test func uTakesADeleteBackAfterTheMonthWasReadAWhile() throws {
        let rig = try StaleKeyE2ETests.SignedIn("pulpe-gestures-idle")
        defer { rig.stop() }
        let added = try Shell.pulpe(["add", "--unchecked", "9.90", "Geste lu"] + rig.api, home: rig.home.path)
        #expect(added.status == 0, "\(added)")
        let p = try StaleKeyE2ETests.startTUI(port: rig.port, home: rig.home.path)
        defer { p.terminate() }
        #expect(p.waitText("Mis à jour à", timeout: 15), "\(p.screen.text)")
        #expect(p.pump(timeout: 10) { Self.listRow("Geste lu", $0) != nil }, "\(p.screen.text)")
        // The month is read for a while: nothing happens on the line.
        Thread.sleep(forTimeInterval: 10)
        Self.select(p, "Geste lu")
        p.send("d")
        #expect(p.pump(timeout: 2) { Self.listRow("Geste lu", $0) == nil }, "hidden at once\n\(p.screen.text)")
        // A second and a half later (the sync that skipped the held delete has armed its retry, ≤ 2 s).
        Thread.sleep(forTimeInterval: 2.5)
        p.send("u")
        let undone = p.pump(timeout: 3) { $0.text.contains("Annulé : Geste lu") || $0.text.contains("Trop tard") }
        #expect(undone, "\(p.screen.text)")
        let said = p.screen.text
        Thread.sleep(forTimeInterval: 6)
        let kept = Self.held(port: rig.port) ?? []
        #expect(said.contains("Annulé : Geste lu"), "\(said)")
        #expect(Self.row("Geste lu", in: kept) != nil, "taken back within 5 s of d: \(Self.summary(kept))")
        p.send("q")
        _ = p.waitExit()
    }

    /// `x` on a prévision with transactions not checked yet: « Pointer aussi ses N transactions ? »,
    /// `o`, and the server has the prévision and all of them checked. An expense put on « Épicerie »
    /// from the quick-add moves its bar at once, by what the server then counts. With the server
    /// away, a check, an edit, an expense on the prévision and a delete are shown at once and reach
    /// it once it is back, and the bar is still the server's.
    @Test func aPrevisionWithItsTransactionsAndExpensesOnItOnlineThenOffline() throws {
        typealias Verbs = ShellVerbsE2ETests
        // Signed in with the TUI (the PIN keeps the key), then quit; the server keeps its data across a restart.
        let rig = try StaleKeyE2ETests.SignedIn("pulpe-gestures-line", keepingData: true)
        defer { rig.stop() }
        let (home, port, api) = (rig.home, rig.port, rig.api)
        for (amount, name) in [("11", "Geste P1"), ("12", "Geste P2")] {
            let added = try Shell.pulpe(["add", "--unchecked", "--line", "Épicerie", amount, name] + api, home: home.path)
            #expect(added.status == 0, "\(added)")
        }
        for (amount, name) in [("13", "Geste Q"), ("14", "Geste R"), ("15", "Geste S")] {
            let added = try Shell.pulpe(["add", "--unchecked", amount, name] + api, home: home.path)
            #expect(added.status == 0, "\(added)")
        }
        let (beforeJSON, before) = try Verbs.month(api, home: home.path, extra: ["--max-age", "0"])
        let groceries = before.filter { $0["line"] as? String == "Épicerie" }
        let open = groceries.filter { $0["checked"] as? Bool == false }
        #expect(open.count >= 2, "\(groceries)")
        let consumedBefore = try #require(Verbs.consumed("Épicerie", in: beforeJSON), "\(beforeJSON)")

        let p = try StaleKeyE2ETests.startTUI(port: port, home: home.path)
        defer { p.terminate() }
        #expect(p.waitText("Mis à jour à", timeout: 15), "\(p.screen.text)")
        #expect(p.pump(timeout: 10) { Self.listRow("Geste S", $0) != nil }, "\(p.screen.text)")
        #expect(Self.lineRow("Épicerie", p.screen)?.contains(Self.consumedText(consumedBefore)) == true, "\(p.screen.text)")

        // x on the prévision: asked first, then it and its transactions are checked, at once and on the server.
        Self.selectLine(p, "Épicerie")
        p.send("x")
        #expect(p.waitText("Pointer aussi ses \(open.count) transactions ?", timeout: 3), "\(p.screen.text)")
        p.send("o")
        #expect(p.waitText("Pointé : Épicerie", timeout: 3), "\(p.screen.text)")
        #expect(p.pump(timeout: 2) { screen in ["Geste P1", "Geste P2"].allSatisfy { Self.listRow($0, screen)?.contains("✓ \($0)") == true } },
                "its transactions checked at once\n\(p.screen.text)")
        #expect(Self.lineRow("Épicerie", p.screen)?.contains("✓ Épicerie") == true, "\(p.screen.text)")
        var serverMonth: (json: [String: Any], transactions: [[String: Any]]) = ([:], [])
        for _ in 0..<40 {
            serverMonth = try Verbs.month(api, home: home.path, extra: ["--max-age", "0"])
            let lines = serverMonth.json["lines"] as? [[String: Any]] ?? []
            let lineChecked = lines.first { $0["name"] as? String == "Épicerie" }?["checked"] as? Bool == true
            let rows = serverMonth.transactions.filter { $0["line"] as? String == "Épicerie" }
            if lineChecked, rows.allSatisfy({ $0["checked"] as? Bool == true && $0["pending"] is NSNull }) { break }
            Thread.sleep(forTimeInterval: 0.25)
        }
        let serverLines = serverMonth.json["lines"] as? [[String: Any]] ?? []
        #expect(serverLines.first { $0["name"] as? String == "Épicerie" }?["checked"] as? Bool == true, "\(serverLines)")
        let checkedRows = serverMonth.transactions.filter { $0["line"] as? String == "Épicerie" }
        #expect(checkedRows.count == groceries.count && checkedRows.allSatisfy { $0["checked"] as? Bool == true },
                "the server has every transaction of the prévision checked: \(checkedRows)")
        let server1 = try #require(Self.held(port: port))
        #expect(Self.isChecked("Geste P1", in: server1) && Self.isChecked("Geste P2", in: server1), "\(Self.summary(server1))")
        #expect(!Self.isChecked("Geste Q", in: server1), "only the prévision's: \(Self.summary(server1))")

        // An expense on « Épicerie » from the quick-add: its bar moves at once, by what the server counts.
        p.sendKey(.escape)
        p.settle(quiet: 0.2)
        Self.quickAdd(p, amount: "12.50", description: "Geste courses", line: "Épicerie")
        let shownOnline = consumedBefore + Decimal(string: "12.50")!
        #expect(p.pump(timeout: 2) { Self.lineRow("Épicerie", $0)?.contains(Self.consumedText(shownOnline)) == true },
                "the bar moves at once\n\(p.screen.text)")
        let added = Self.heldEventually(port: port, timeout: 10) { Self.row("Geste courses", in: $0) != nil }
        #expect(added.filter { $0["name"] as? String == "Geste courses" }.count == 1, "\(Self.summary(added))")
        let (afterAdd, _) = try Verbs.month(api, home: home.path, extra: ["--max-age", "0"])
        #expect(Verbs.consumed("Épicerie", in: afterAdd) == shownOnline, "the server's consumed is the bar's")

        // The server goes away: a check, an edit, an expense on the prévision, a delete, all at once.
        rig.server.stop()
        Self.select(p, "Geste Q")
        p.send("x")
        #expect(p.pump(timeout: 2) { Self.listRow("Geste Q", $0)?.contains("✓ Geste Q") == true }, "checked at once\n\(p.screen.text)")
        Self.select(p, "Geste R")
        p.sendKey(.enter)
        #expect(p.waitText("Modifier « Geste R »", timeout: 5), "\(p.screen.text)")
        p.sendKey(.ctrl("u"))
        p.send("44.40")
        p.sendKey(.enter)
        #expect(p.pump(timeout: 5) { !$0.text.contains("Modifier « Geste R »") }, "the form closes\n\(p.screen.text)")
        #expect(p.pump(timeout: 2) { Self.listRow("Geste R", $0)?.contains("44.40") == true }, "shown at once\n\(p.screen.text)")
        p.sendKey(.escape)
        p.settle(quiet: 0.2)
        Self.quickAdd(p, amount: "7.25", description: "Geste hors ligne", line: "Épicerie")
        let shownOffline = shownOnline + Decimal(string: "7.25")!
        #expect(p.pump(timeout: 2) { Self.lineRow("Épicerie", $0)?.contains(Self.consumedText(shownOffline)) == true },
                "the bar moves at once, offline\n\(p.screen.text)")
        Self.select(p, "Geste S")
        p.send("d")
        #expect(p.pump(timeout: 2) { Self.listRow("Geste S", $0) == nil }, "hidden at once\n\(p.screen.text)")
        #expect(p.pump(timeout: 15) { $0.text.contains("en attente") || $0.text.contains("Hors ligne") }, "\(p.screen.text)")
        Thread.sleep(forTimeInterval: 6)   // the delete's window passes while the server is away

        // Back with what it held: everything reaches it, once, and the bar is the server's.
        try rig.restartServer()
        let drained = Self.heldEventually(port: port, timeout: 30) { rows in
            Self.isChecked("Geste Q", in: rows) && Self.amount("Geste R", in: rows) == "44.4" && Self.row("Geste S", in: rows) == nil
                && Self.row("Geste hors ligne", in: rows) != nil
        }
        #expect(Self.isChecked("Geste Q", in: drained), "\(Self.summary(drained))")
        #expect(Self.amount("Geste R", in: drained) == "44.4", "\(Self.summary(drained))")
        #expect(Self.row("Geste S", in: drained) == nil, "\(Self.summary(drained))")
        #expect(drained.filter { $0["name"] as? String == "Geste hors ligne" }.count == 1, "sent once: \(Self.summary(drained))")
        #expect(drained.filter { $0["name"] as? String == "Geste courses" }.count == 1, "\(Self.summary(drained))")
        #expect(p.pump(timeout: 15) { !$0.text.contains("en attente") }, "the badge clears\n\(p.screen.text)")
        let (afterDrain, _) = try Verbs.month(api, home: home.path, extra: ["--max-age", "0"])
        #expect(Verbs.consumed("Épicerie", in: afterDrain) == shownOffline, "the server's consumed is the bar shown offline")
        #expect(p.pump(timeout: 10) { Self.lineRow("Épicerie", $0)?.contains(Self.consumedText(shownOffline)) == true },
                "\(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
    }
}
