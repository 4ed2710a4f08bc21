import Foundation
import PulpeDomain
import PulpeTestSupport
import Testing

/// « Bilan du mois » (decision 122) in the real app: not at the account's first start; at the
/// first start of the next period (the day anchored there), the month just closed over the home
/// screen, closed with `Entrée`; not again at the next start in that period.
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
        _ = try OutboxFaultInjectionTests.demoSession(port: port, home: home.path)

        let zone = LocalZone(TimeZone(identifier: "Europe/Zurich")!)
        let today = ProcessInfo.processInfo.environment["PULPE_TODAY"].flatMap(CalendarDay.init(iso:)) ?? CalendarDay(Date(), in: zone)
        let closed = PayDayCalendar.budgetMonth(for: today, payDay: 25)
        let nextStart = PayDayCalendar.period(of: closed.next, payDay: 25).start
        let anchored = PTYEnvironment.standard(home: home.path, extra: ["PULPE_TODAY": nextStart.description])
        let args = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]

        let first = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: args, env: anchored, rows: 30, cols: 100)
        #expect(first.waitText("Bilan \(FrenchMonths.ofTitle(closed))", timeout: 15), "\(first.screen.text)")
        #expect(first.waitText("Reporté sur \(FrenchMonths.title(closed.next))", timeout: 5), "\(first.screen.text)")
        first.sendKey(.enter)
        #expect(first.pump(timeout: 5) { !$0.text.contains("Bilan ") }, "\(first.screen.text)")
        first.send("q")
        _ = first.waitExit(timeout: 20)

        let again = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: args, env: anchored, rows: 30, cols: 100)
        defer { again.terminate() }
        #expect(again.waitText("Mis à jour à", timeout: 15), "\(again.screen.text)")
        _ = again.pump(timeout: 2) { $0.text.contains("Bilan ") }
        #expect(!again.screen.text.contains("Bilan "), "once per period: \(again.screen.text)")
    }
}
