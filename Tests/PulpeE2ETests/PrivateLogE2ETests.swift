import Foundation
import PulpeDomain
import PulpeTestSupport
import Testing

/// The log is the one file never sealed, so it holds ids, kinds, counts and timings —
/// never a name, a label, a tag, an amount or the email (decision 100). Every kind of gesture is
/// made with names and amounts found nowhere else, in the TUI (a toast) and through the shell
/// verbs, then the log is searched for them; `pulpe forget` removes it. The running app is also
/// checked to leave no core (`RLIMIT_CORE` 0).
@Suite(.serialized, .timeLimit(.minutes(2)))
struct PrivateLogE2ETests {
    /// The amounts given, each in every way it could be written out.
    static let amounts = ["987.65", "876.54", "765.43", "654.32", "543.21", "432.10", "321.09"]

    static func spellings(of amount: String) -> [String] {
        [amount, amount.replacingOccurrences(of: ".", with: ","), amount.replacingOccurrences(of: ".", with: "’")]
    }

    @Test func noNameNoAmountNoEmailInTheLogAndForgetRemovesIt() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-private-log")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        let logPath = home.path + "/.local/state/pulpe/pulpe.log"

        let tui = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: api, env: PTYEnvironment.standard(home: home.path),
                                 rows: 40, cols: 120)
        defer { tui.terminate() }
        #expect(tui.waitText("Mot de passe", timeout: 10), "\(tui.screen.text)")
        tui.sendKey(.ctrl("d"))
        #expect(tui.waitText("Mis à jour à", timeout: 15), "\(tui.screen.text)")
        // The TUI: the demo, a quick add, then `x` on it (stored checked): its toast names and amounts it.
        QuickAddE2ETests.quickAdd(tui, amount: "987.65", description: "Zyxwv Toast")
        #expect(tui.pump(timeout: 10) { GesturesE2ETests.listRow("Zyxwv Toast", $0) != nil }, "\(tui.screen.text)")
        GesturesE2ETests.select(tui, "Zyxwv Toast")
        tui.send("x")
        #expect(tui.waitText("Dépointé : Zyxwv Toast — ", timeout: 5), "\(tui.screen.text)")
        // No core of the app holding the key (the launcher exec'd it: same pid).
        let limits = (try? String(contentsOfFile: "/proc/\(tui.pid)/limits", encoding: .utf8)) ?? ""
        let core = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }
        #expect(core.map { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).prefix(2) == ["0", "0"] }
            == true, "\(core ?? "no core line in /proc/\(tui.pid)/limits")")
        // The uncheck is held for its undo window: quitting asks first, and the shell's sync sends it.
        tui.send("q")
        #expect(tui.waitText("quitter quand même", timeout: 5), "\(tui.screen.text)")
        tui.send("o")
        #expect(tui.waitExit(timeout: 30) == 0, "\(tui.screen.text)")
        let session = (try? String(contentsOfFile: home.path + "/.local/state/pulpe/session.json", encoding: .utf8)) ?? ""
        let email = try #require(session.range(of: #"demo-[0-9a-z]+@demo\.pulpe\.local"#, options: .regularExpression)
            .map { String(session[$0]) })

        // The shell verbs: each kind of write, an import, a search, and refused ones.
        let pulpe = { (arguments: [String]) in try ShellAddE2ETests.pulpe(arguments + api, home: home.path) }
        #expect(try pulpe(["sync"]).status == 0)
        #expect(try pulpe(["add", "876.54", "Zyxwv Secret"]).status == 0)
        #expect(try pulpe(["edit", "Zyxwv Secret", "--amount", "765.43", "--name", "Zyxwv Renamed"]).status == 0)
        #expect(try pulpe(["check", "Zyxwv Renamed"]).status == 0)
        #expect(try pulpe(["tag", "add", "Qwxyz Étiquette"]).status == 0)
        #expect(try pulpe(["line", "add", "Zyxwv Line", "654.32"]).status == 0)
        let today = CalendarDay(SystemTime.now(), in: .system)
        let csv = home.path + "/Zyxwv-releve.csv"
        try ("Buchungsdatum;Avisierungstext;Gutschrift in CHF;Lastschrift in CHF\n"
            + String(format: "%02d.%02d.%04d", today.day, today.month, today.year) + ";Zyxwv Import;;-543.21\n")
            .write(toFile: csv, atomically: true, encoding: .utf8)
        let imported = try pulpe(["import", csv, "--yes"])
        #expect(imported.status == 0, "\(imported)")
        #expect(try pulpe(["add", "432.10", "Zyxwv Later"]).status == 0)
        let postponed = try pulpe(["postpone", "Zyxwv Later"])
        #expect([0, 65].contains(postponed.status), "\(postponed)")
        #expect(try pulpe(["search", "Zyxwv"]).out.contains("Zyxwv Renamed"))
        #expect(try pulpe(["edit", "Zyxwv Personne", "--amount", "321.09"]).status == 64, "an unknown target is refused")
        let noGoal = try pulpe(["line", "edit", "Zyxwv Line", "--goal", "Zyxwv Goal"])
        #expect(noGoal.status == 65, "a goal on an expense line is refused: \(noGoal)")

        let log = try String(contentsOfFile: logPath, encoding: .utf8)
        #expect(log.contains("status: gesture unchecked kind=expense"), "the toast is logged as its kind: \(log)")
        for secret in ["Zyxwv", "Qwxyz", "Étiquette", email] + Self.amounts.flatMap(Self.spellings) {
            let line = log.split(separator: "\n").first { $0.range(of: secret, options: .caseInsensitive) != nil }
            #expect(line == nil, "« \(secret) » in the log: \(line ?? "")")
        }

        // `pulpe forget` removes the log and its rotated copy, and the built-in sandbox's too.
        try Data("old lines\n".utf8).write(to: URL(fileURLWithPath: logPath + ".1"))
        let sandboxLog = (logPath as NSString).deletingLastPathComponent + "/sandbox.log"
        for path in [sandboxLog, sandboxLog + ".1"] { try Data("server lines\n".utf8).write(to: URL(fileURLWithPath: path)) }
        let forget = try pulpe(["forget", "--yes"])
        #expect(forget.status == 0, "\(forget)")
        #expect(!FileManager.default.fileExists(atPath: logPath), "pulpe.log is still there after forget")
        #expect(!FileManager.default.fileExists(atPath: logPath + ".1"), "pulpe.log.1 is still there after forget")
        for path in [sandboxLog, sandboxLog + ".1"] {
            #expect(!FileManager.default.fileExists(atPath: path), "\(path) is still there after forget")
        }
    }
}
