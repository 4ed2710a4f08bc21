import Foundation
import PulpeTestSupport
import Testing

/// Terminals the app cannot choose: tiny windows, a storm of resizes, terminal types
/// without colour or without cursor addressing, locales without UTF-8. The real binary in a
/// pty; every test asserts what the screen shows and that the keys still work afterwards.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct TerminalAbuseE2ETests {
    private var binary: String { BinaryLocator.path(of: "pulpe") }

    /// The demo session's home screen (Ctrl-D on the login screen).
    private func startAtHome(rows: Int = 24, cols: Int = 80, environment: [String: String] = [:]) throws -> IsolatedApp {
        let app = try IsolatedApp(binary, environment: environment, rows: rows, cols: cols)
        #expect(app.process.waitText("Essayer la d", timeout: 10), "\(app.process.screen.text)")
        app.process.sendKey(.ctrl("d"))
        #expect(app.process.waitText("Disponible ", timeout: 10), "\(app.process.screen.text)")
        app.process.settle()
        return app
    }

    /// The screen without its last two rows (status line and footer, which change with time).
    private func body(_ screen: MiniVT) -> [String] {
        (0..<max(0, screen.rows - 2)).map(screen.row)
    }

    /// Every SGR parameter that sets a colour (30–49, 90–107) in `bytes`.
    private func colourParameters(in bytes: [UInt8]) -> [Int] {
        let text = String(decoding: bytes, as: UTF8.self)
        var found: [Int] = []
        var rest = text[...]
        while let range = rest.range(of: "\u{1b}\\[[0-9;]*m", options: .regularExpression) {
            let parameters = rest[range].dropFirst(2).dropLast().split(separator: ";").compactMap { Int($0) }
            found += parameters.filter { (30...49).contains($0) || (90...107).contains($0) }
            rest = rest[range.upperBound...]
        }
        return found
    }

    // MARK: Tiny windows

    @Test func startingAt20x5SaysTooSmallInWholeWordsThenGrowsIntoTheLogin() throws {
        let app = try IsolatedApp(binary, rows: 5, cols: 20)
        let p = app.process
        #expect(p.waitText("Terminal trop petit", timeout: 10), "\(p.screen.text)")
        p.settle()
        #expect(p.screen.rowsText == [
            "                    ",
            "Terminal trop petit ",
            "  20×5, min. 60×20  ",
            "                    ",
            "     q  Quitter     ",
        ], "\(p.screen.text)")
        p.resize(rows: 24, cols: 80)
        #expect(p.waitText("Essayer la d", timeout: 10), "\(p.screen.text)")
        #expect(!p.screen.text.contains("trop petit"))
        p.sendKey(.ctrl("d"))
        #expect(p.waitText("Disponible à dépenser", timeout: 10), "\(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
    }

    @Test func oneByOneShowsOneMarkAndQuitsOnQ() throws {
        let app = try startAtHome()
        let p = app.process
        p.resize(rows: 1, cols: 1)
        #expect(p.pump(timeout: 5) { $0.rowsText == ["!"] }, "\(p.screen.rowsText)")
        p.settle()
        #expect(p.screen.rowsText == ["!"])
        // Back to a real size: the home screen, whole, as before.
        p.resize(rows: 24, cols: 80)
        #expect(p.waitText("Disponible à dépenser"), "\(p.screen.text)")
        p.resize(rows: 1, cols: 1)
        #expect(p.pump(timeout: 5) { $0.rowsText == ["!"] }, "\(p.screen.rowsText)")
        p.send("q")
        #expect(p.waitExit() == 0)
        #expect(!p.screen.isAlternateScreen)
    }

    // MARK: Resize storm

    /// 50 resizes (SIGWINCH each) within about a second, through tiny and large sizes; the final
    /// size is painted whole (the diffed frames equal a full repaint) and keys still work.
    @Test func aResizeStormEndsWithTheFinalSizePaintedAndKeysWorking() throws {
        let app = try startAtHome()
        let p = app.process
        let sizes = [(5, 20), (1, 1), (40, 132), (24, 80), (10, 30), (60, 200), (19, 59), (20, 60), (2, 100), (50, 10)]
        let start = Monotonic.now()
        for index in 0..<50 {
            let (rows, cols) = sizes[index % sizes.count]
            p.resize(rows: rows, cols: cols)
            p.pump(timeout: 0.015)          // keep reading, as a terminal emulator does
        }
        let stormSeconds = Monotonic.seconds(from: start)
        p.resize(rows: 30, cols: 100)
        #expect(p.pump(timeout: 10) { $0.line(29).contains("Quitter") && $0.line(0).hasPrefix(" Pulpe") }, "\(p.screen.text)")
        p.settle(quiet: 0.3)
        let diffed = body(p.screen)
        #expect(diffed.allSatisfy { $0.count == 100 })
        #expect(diffed.contains { $0.contains("Disponible à dépenser") }, "\(p.screen.text)")
        // Ctrl-L repaints everything from scratch: it must change nothing the storm left.
        p.sendKey(.ctrl("l"))
        p.settle(quiet: 0.3)
        #expect(body(p.screen) == diffed, "after the storm:\n\(diffed.joined(separator: "\n"))\nrepainted:\n\(p.screen.text)")
        p.send("?")
        #expect(p.waitText("Aide — touches"), "\(p.screen.text)")
        p.sendKey(.escape)
        #expect(p.pump(timeout: 3) { !$0.text.contains("Aide — touches") }, "\(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
        #expect(stormSeconds < 5, "the storm itself took \(stormSeconds) s")   // the test's own pacing, not the app's
    }

    // MARK: Terminal types

    /// vt100: cursor addressing but no colours and no alternate screen. The app runs, in
    /// attributes only (reverse, bold), and quits cleanly.
    @Test func vt100RunsWithoutColour() throws {
        let app = try startAtHome(environment: ["TERM": "vt100"])
        let p = app.process
        #expect(p.screen.text.contains("Disponible à dépenser"), "\(p.screen.text)")
        #expect(p.screen.text.contains("─"), "UTF-8 box drawing: the locale is UTF-8")
        #expect(colourParameters(in: p.raw).isEmpty, "no colour: \(colourParameters(in: p.raw))")
        p.send("?")
        #expect(p.waitText("Aide — touches"), "\(p.screen.text)")
        p.sendKey(.escape)
        p.send("q")
        #expect(p.waitExit() == 0)
    }

    /// Keys whose sequence the terminfo entry does not list (xterm-256color inside tmux or screen
    /// sends End as `ESC [4~`, the Linux console Home as `ESC [1~`) move the list like the key, and an
    /// unknown sequence does nothing: before, `[` of the sequence went to the previous month.
    @Test func sequencesTheTerminfoEntryDoesNotKnowAreKeysOrNothing() throws {
        let app = try startAtHome(rows: 30, cols: 100)
        let p = app.process
        func range() -> [Int] {
            guard let match = p.screen.text.firstMatch(of: /(\d+)–(\d+) \/ (\d+)/) else { return [] }
            return [Int(match.1), Int(match.2), Int(match.3)].compactMap { $0 }
        }
        // A month whose list scrolls: the current period may have only a few rows yet (on the 25th,
        // the pay day, it has three), the one before is a whole month of the demo household.
        if range().isEmpty {
            p.send("[")
            #expect(p.pump(timeout: 10) { _ in range().first == 1 }, "a month that scrolls: \(p.screen.text)")
        }
        let title = p.screen.row(2)
        #expect(range().first == 1, "\(p.screen.text)")
        p.send("\u{1B}[4~")
        #expect(p.pump(timeout: 5) { _ in let r = range(); return r.count == 3 && r[1] == r[2] }, "End: \(p.screen.text)")
        #expect(p.screen.row(2) == title, "same month: \(p.screen.row(2))")
        p.send("\u{1B}[1~")
        #expect(p.pump(timeout: 5) { _ in range().first == 1 }, "Home: \(p.screen.text)")
        p.send("\u{1B}[99~\u{1B}[1;5P")
        p.settle()
        #expect(p.screen.row(2) == title && range().first == 1, "unknown sequences change nothing: \(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
    }

    /// TERM=dumb cannot position the cursor: one English line, exit 4, and not one escape code.
    @Test func dumbTerminalWritesNoEscapeCode() throws {
        let app = try IsolatedApp(binary, environment: ["TERM": "dumb"])
        let p = app.process
        #expect(p.waitExit() == 4)
        #expect(!p.raw.contains(0x1b), "\(String(decoding: p.raw, as: UTF8.self).debugDescription)")
        #expect(p.screen.text.trimmingCharacters(in: .whitespacesAndNewlines)
                == "pulpe: terminal type 'dumb' cannot position the cursor", "\(p.screen.text)")
    }

    @Test func unsetTermIsAClearError() throws {
        let app = try IsolatedApp(binary, environment: ["TERM": ""])
        let p = app.process
        #expect(p.waitExit() == 3)
        #expect(String(decoding: p.raw, as: UTF8.self)
                == "pulpe: unknown terminal type '(unset)' (try TERM=xterm-256color)\r\n")
    }

    // MARK: Locales

    /// An explicit C locale: every byte the app writes is ASCII (no mojibake, no half-drawn
    /// box), accents become plain letters, boxes `+-|`.
    @Test func cLocaleWritesOnlyASCII() throws {
        for environment in [["LC_ALL": "C"], ["LANG": "C", "LC_ALL": "C"], ["LANG": "fr_CH.ISO-8859-1"]] {
            let app = try startAtHome(environment: environment)
            let p = app.process
            #expect(p.screen.text.contains("Disponible a depenser"), "\(environment): \(p.screen.text)")
            #expect(p.screen.text.contains("+-"), "ASCII box corners")
            p.send("?")
            #expect(p.waitText("Aide - touches"), "\(p.screen.text)")
            p.sendKey(.escape)
            p.send("q")
            #expect(p.waitExit() == 0)
            let nonASCII = p.raw.filter { $0 >= 0x80 }
            #expect(nonASCII.isEmpty, "\(environment): \(nonASCII.count) non-ASCII bytes")
        }
    }

    /// No locale chosen (CI, `env -i`) or a UTF-8 one that is not installed: the app switches to
    /// C.UTF-8 itself, and accents and boxes are drawn as such.
    @Test func missingOrUninstalledUTF8LocaleFallsBackToUTF8() throws {
        for environment in [["LANG": ""], ["LANG": "fr_CH.UTF-8"], ["LC_ALL": "de_CH.utf8"]] {
            let app = try IsolatedApp(binary, environment: environment, rows: 24, cols: 80)
            let p = app.process
            #expect(p.waitText("Essayer la démo", timeout: 10), "\(environment): \(p.screen.text)")
            #expect(p.screen.text.contains("─") || p.screen.text.contains("╭"), "\(environment): \(p.screen.text)")
            p.sendKey(.ctrl("c"))
            #expect(p.waitExit() == 130)
        }
    }
}
