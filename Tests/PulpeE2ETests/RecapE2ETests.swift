import Foundation
import PulpeDomain
import PulpeTestSupport
import Testing

/// « Bilan du mois » (decision 122) in the real app: an account's first start (the day anchored in
/// the previous period) shows none and records that period; the next start, on the real day, a
/// period later, shows the month just closed over the home screen, closed with `Entrée`; the start
/// after that, in the same period, shows none. (The client is only ever anchored in the past: a
/// client days ahead of the sandbox would read every token as expired.)
@Suite(.serialized, .timeLimit(.minutes(2)))
struct RecapE2ETests {
    @Test func shownOnceAtTheFirstStartOfANewPeriod() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-recap")
        defer { home.remove() }
        let data = try TemporaryDirectory(prefix: "pulpe-recap-server")
        defer { data.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port, dataDir: data.path)
        defer { server.stop() }
        let args = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        let closed = DemoRig.current.previous
        let earlier = PayDayCalendar.period(of: closed, payDay: DemoRig.payDay).start

        // The account's first start, in the previous period: the demo signed in, nothing shown.
        let first = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: args,
                                   env: PTYEnvironment.standard(home: home.path, extra: ["PULPE_TODAY": earlier.description]),
                                   rows: 30, cols: 100)
        #expect(first.waitText("Mot de passe", timeout: 10), "\(first.screen.text)")
        first.sendKey(.ctrl("d"))
        #expect(first.waitText("Mis à jour à", timeout: 15), "\(first.screen.text)")
        #expect(!first.screen.text.contains("Bilan "), "\(first.screen.text)")
        first.send("q")
        _ = first.waitExit(timeout: 20)

        let next = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: args, env: PTYEnvironment.standard(home: home.path),
                                  rows: 30, cols: 100)
        #expect(next.waitText("Bilan \(FrenchMonths.ofTitle(closed))", timeout: 15), "\(next.screen.text)")
        #expect(next.waitText("Reporté sur \(FrenchMonths.title(closed.next))", timeout: 5), "\(next.screen.text)")
        next.sendKey(.enter)
        #expect(next.pump(timeout: 5) { !$0.text.contains("Bilan ") }, "\(next.screen.text)")
        next.send("q")
        _ = next.waitExit(timeout: 20)

        let again = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: args, env: PTYEnvironment.standard(home: home.path),
                                   rows: 30, cols: 100)
        defer { again.terminate() }
        #expect(again.waitText("Mis à jour à", timeout: 15), "\(again.screen.text)")
        _ = again.pump(timeout: 2) { $0.text.contains("Bilan ") }
        #expect(!again.screen.text.contains("Bilan "), "once per period: \(again.screen.text)")
    }
}
