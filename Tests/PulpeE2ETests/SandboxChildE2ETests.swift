import Foundation
import PulpeTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// With no server configured, `pulpe` starts `pulpe-server` as a child (decision 51) and never
/// leaves it behind: not on `q`, not on SIGINT or SIGTERM, not on SIGKILL of `pulpe` itself (the
/// child reads the end of its stdin). A child that dies is replaced at the next request; with no
/// `pulpe-server` to start, the TUI says so before it takes the screen.
@Suite(.serialized)
struct SandboxChildE2ETests {
    private var binary: String { BinaryLocator.path(of: "pulpe") }

    /// Started against the built-in sandbox, at home in a demo session; the child's pid.
    private func startAtHome() throws -> (IsolatedApp, pid_t) {
        let app = try IsolatedApp(binary, rows: 24, cols: 80)
        #expect(app.process.waitText("Essayer la d", timeout: 10), "\(app.process.screen.text)")
        app.process.sendKey(.ctrl("d"))
        #expect(app.process.waitText("Disponible ", timeout: 10), "\(app.process.screen.text)")
        let children = ChildProcesses.named("pulpe-server", parent: app.process.pid)
        #expect(children.count == 1, "one pulpe-server child: \(children)")
        return (app, children.first ?? -1)
    }

    @Test func quittingStopsTheChild() throws {
        let (app, child) = try startAtHome()
        app.process.send("q")
        #expect(app.process.waitExit(timeout: 10) == 0)
        #expect(ChildProcesses.isGone(child, within: 5), "pulpe-server \(child) still runs after q")
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGKILL])
    func aSignalToPulpeStopsTheChild(_ signal: Int32) throws {
        let (app, child) = try startAtHome()
        app.process.signal(signal)
        #expect(app.process.waitExit(timeout: 10) != nil)
        #expect(ChildProcesses.isGone(child, within: 5), "pulpe-server \(child) still runs after signal \(signal)")
    }

    @Test func aChildThatDiesIsReplacedAtTheNextRequest() throws {
        let (app, child) = try startAtHome()
        kill(child, SIGKILL)
        #expect(ChildProcesses.isGone(child, within: 5))
        // The next month is asked of the server: a new child answers it.
        app.process.send("]")
        var replaced: [pid_t] = []
        let deadline = Date().addingTimeInterval(10)
        while replaced.isEmpty, Date() < deadline {
            app.process.pump(timeout: 0.1)
            replaced = ChildProcesses.named("pulpe-server", parent: app.process.pid).filter { $0 != child }
        }
        #expect(replaced.count == 1, "a new pulpe-server child: \(replaced)")
        app.process.send("q")
        #expect(app.process.waitExit(timeout: 10) == 0)
        #expect(replaced.allSatisfy { ChildProcesses.isGone($0, within: 5) })
    }

    @Test func aShellCommandStopsItsChildBeforeItExits() throws {
        let (app, child) = try startAtHome()
        app.process.send("q")
        #expect(app.process.waitExit(timeout: 10) == 0)
        // The TUI's own child ends as it reads the end of its stdin — later when it was busy
        // answering the account's export: only the shell's child is this test's question.
        #expect(ChildProcesses.isGone(child, within: 10), "the TUI's pulpe-server \(child) still runs")
        // `pulpe month` of the demo session asks the server: a child starts, answers, and stops.
        let environment = PTYEnvironment.standard(home: app.home.path, extra: [:])
        let shell = try PTYProcess(binary, args: ["month"], env: environment, rows: 24, cols: 80)
        #expect(shell.waitExit(timeout: 20) == 0, "\(shell.screen.text)")
        // The whole output, not the screen's last rows: a long demo month scrolls the header off.
        let output = String(decoding: shell.raw, as: UTF8.self)
        #expect(output.contains("Dépenses"), "\(output)")
        #expect(ChildProcesses.orphanedServers(home: app.home.path).isEmpty, "a pulpe-server of this home still runs")
    }

    @Test func withoutPulpeServerTheTUISaysSoAndTakesNoScreen() throws {
        let lone = try TemporaryDirectory(prefix: "pulpe-lone")
        defer { lone.remove() }
        let copy = lone.url.appendingPathComponent("pulpe").path
        try FileManager.default.copyItem(atPath: binary, toPath: copy)
        // The launcher and the app it execs, without pulpe-server beside them.
        try FileManager.default.copyItem(atPath: BinaryLocator.path(of: "pulpe-app"),
                                         toPath: lone.url.appendingPathComponent("pulpe-app").path)
        let app = try IsolatedApp(copy, environment: ["PATH": "/usr/bin:/bin"], rows: 24, cols: 80)
        #expect(app.process.waitExit(timeout: 10) == 69)
        app.process.pump(timeout: 0.2)
        #expect(app.process.screen.text.contains("pulpe-server"), "\(app.process.screen.text)")
        #expect(!app.process.screen.isAlternateScreen)
    }
}
