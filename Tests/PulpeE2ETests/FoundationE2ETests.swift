import Foundation
import PulpeTestSupport

private extension ArraySlice where Element == UInt8 {
    /// Whether the bytes contain `needle` as a contiguous run.
    func contains(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, count >= needle.count else { return false }
        var index = startIndex
        while index + needle.count <= endIndex {
            if self[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
import Testing

/// The real `pulpe` binary in a pseudo-terminal: what a person sees and types.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct FoundationE2ETests {
    private var binary: String { BinaryLocator.path(of: "pulpe") }

    /// Starts against the built-in sandbox and signs in with a demo session (Ctrl-D on the login
    /// screen), waiting for the home screen.
    private func startAtHome(rows: Int = 24, cols: Int = 80, args: [String] = [],
                             environment: [String: String] = [:]) throws -> IsolatedApp {
        let app = try IsolatedApp(binary, args: args, environment: environment, rows: rows, cols: cols)
        #expect(app.process.waitText("Essayer la d", timeout: 10), "\(app.process.screen.text)")
        app.process.sendKey(.ctrl("d"))
        #expect(app.process.waitText("Disponible ", timeout: 10), "\(app.process.screen.text)")   // ASCII-safe
        app.process.settle()
        return app
    }

    @Test func theSplashAppearsFirstThenLoginThenHome() throws {
        let app = try IsolatedApp(binary, rows: 24, cols: 80)
        let p = app.process
        #expect(p.pump(timeout: 5) { $0.text.contains("|_|") }, "splash logo: \(p.screen.text)")
        #expect(p.screen.isAlternateScreen)
        #expect(p.waitText("Connexion", timeout: 10), "\(p.screen.text)")
        p.sendKey(.ctrl("d"))
        #expect(p.waitText("Disponible à dépenser", timeout: 10), "\(p.screen.text)")
        p.settle()
        #expect(p.screen.line(0).hasPrefix(" Pulpe"))
        #expect(p.screen.line(0).contains("démo"))
        #expect(p.screen.line(23).contains("Aide"))
        #expect(p.screen.line(23).contains("Quitter"))
        p.send("q")
        #expect(p.waitExit() == 0)
    }

    @Test func anyKeySkipsTheSplash() throws {
        let app = try IsolatedApp(binary, rows: 24, cols: 80)
        let p = app.process
        #expect(p.pump(timeout: 5) { $0.text.contains("|_|") })
        p.send("x")
        // Skipping leaves the splash at once: the check (or the login, if it finished) shows,
        // well before the splash's own 1.2 s minimum would have ended.
        #expect(p.waitText("Vérification du service", timeout: 1) || p.screen.text.contains("Connexion"), "\(p.screen.text)")
        #expect(p.waitText("Connexion", timeout: 10), "\(p.screen.text)")
        p.sendKey(.ctrl("c"))
        #expect(p.waitExit() == 130)
    }

    @Test func questionMarkOpensHelpAndEscapeClosesIt() throws {
        let app = try startAtHome()
        let p = app.process
        p.send("?")
        #expect(p.waitText("Aide — touches"), "\(p.screen.text)")
        p.settle()
        #expect(p.screen.text.contains("Redessiner l'écran"))
        p.sendKey(.escape)
        #expect(p.pump(timeout: 3) { !$0.text.contains("Aide — touches") }, "\(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
    }

    @Test func resizeRedrawsAndTooSmallSaysSo() throws {
        let app = try startAtHome()
        let p = app.process
        p.resize(rows: 30, cols: 100)
        #expect(p.pump(timeout: 3) { $0.line(29).contains("Quitter") }, "\(p.screen.text)")
        p.resize(rows: 15, cols: 50)
        #expect(p.waitText("Terminal trop petit"), "\(p.screen.text)")
        #expect(p.waitText("50×15"))
        p.resize(rows: 24, cols: 80)
        #expect(p.waitText("Disponible à dépenser"), "\(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
    }

    @Test func quitRestoresTheTerminal() throws {
        let app = try startAtHome()
        let p = app.process
        #expect(p.screen.isAlternateScreen)
        p.send("q")
        #expect(p.waitExit() == 0)
        #expect(!p.screen.isAlternateScreen)
        #expect(p.screen.cursorVisible)
    }

    @Test func ctrlCQuitsCleanlyWith130() throws {
        let app = try startAtHome()
        let p = app.process
        p.sendKey(.ctrlC)
        #expect(p.waitExit() == 130)
        #expect(!p.screen.isAlternateScreen)
        #expect(p.screen.cursorVisible)
    }

    @Test func sigtermQuitsCleanlyWith143() throws {
        let app = try startAtHome()
        let p = app.process
        p.signal(SIGTERM)
        #expect(p.waitExit() == 143)
        #expect(!p.screen.isAlternateScreen)
    }

    @Test func ctrlZSuspendsAndTheAppComesBack() throws {
        let app = try startAtHome()
        let p = app.process
        let before = p.raw.count
        p.sendKey(.ctrl("z"))
        // The pty's process group is orphaned (its parent is the test runner), so the kernel may
        // discard the stop itself and the app comes straight back: check the terminal was handed
        // back (alternate screen left) in the output stream rather than in a snapshot.
        let leave = Array("\u{1b}[?1049l".utf8)
        #expect(p.pump(timeout: 5) { _ in p.raw[before...].contains(leave) }, "suspending leaves the alternate screen")
        p.signal(SIGCONT)
        #expect(p.pump(timeout: 5) { $0.isAlternateScreen && $0.text.contains("Disponible à dépenser") }, "\(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
    }

    @Test func asciiFallbackWhenTheLocaleIsNotUTF8() throws {
        let app = try startAtHome(environment: ["LANG": "C", "LC_ALL": "C"])
        let p = app.process
        p.send("?")
        #expect(p.waitText("Aide - touches"), "\(p.screen.text)")
        #expect(!p.screen.text.contains("─"), "ASCII boxes only")
        p.sendKey(.escape)
        p.send("q")
        #expect(p.waitExit() == 0)
    }

    @Test func notATerminalExitsTwoWithAMessage() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        let stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = Pipe()
        process.standardError = stderr
        process.environment = PTYEnvironment.anchoring(["TERM": "xterm-256color", "PATH": "/usr/bin:/bin"])
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 2)
        #expect(message == "pulpe: standard input is not a terminal (the full-screen app needs one; try pulpe --help)\n")
    }

    @Test func unknownTerminalTypeIsAClearError() throws {
        let app = try IsolatedApp(binary, environment: ["TERM": "no-such-term"])
        let p = app.process
        #expect(p.waitExit() == 3)
        #expect(p.screen.text.contains("pulpe: unknown terminal type 'no-such-term' (try TERM=xterm-256color)"), "\(p.screen.text)")
    }

    @Test func dumbTerminalIsAClearError() throws {
        let app = try IsolatedApp(binary, environment: ["TERM": "dumb"])
        let p = app.process
        #expect(p.waitExit() == 4)
        #expect(p.screen.text.contains("pulpe: terminal type 'dumb' cannot position the cursor"), "\(p.screen.text)")
    }

    @Test func logsGoToTheStateDirectoryNotTheScreen() throws {
        let app = try startAtHome()
        let p = app.process
        p.send("q")
        #expect(p.waitExit() == 0)
        let log = app.home.url.appendingPathComponent(".local/state/pulpe/pulpe.log")
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(text.contains("info pulpe: starting"), "log: \(text)")
        #expect(text.contains("info pulpe: stopped status=0"), "log: \(text)")
    }
}
