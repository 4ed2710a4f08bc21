import Foundation
import PulpeDomain
import PulpeNetworking
import PulpeTestSupport
import Testing
import PulpeCurlTransport

/// Browsing: the panels against a real `pulpe-server`, then offline from the cache.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct BrowseE2ETests {
    /// « Disponible à dépenser » of the current pay-day period as the server computes it, formatted
    /// as the panel must show it (asked over the API as the demo login, like the app).
    static func expectedAvailable(apiURL: String) async throws -> (text: String, month: BudgetMonth) {
        let network = await PulpeNetwork.make(configuration: APIConfiguration.sandbox(baseURL: URL(string: apiURL)!),
                                              transport: CurlHTTPTransport(), sessionStore: nil)
        _ = try await network.sessions.logIn(email: "demo@pulpe.local", password: "pulpe-demo")
        try await network.clientKeys.unlock(pin: "1234")
        let settings = try await network.client.userSettings()
        let current = PayDayCalendar.budgetMonth(for: CalendarDay(SystemTime.now(), in: .system), payDay: settings.payDayOfMonth)
        let budgets = try await network.client.budgets()
        let budget = try #require(budgets.first { $0.month == current.month && $0.year == current.year })
        return (MoneyFormatter.format(try #require(budget.remaining), currency: settings.currency), current)
    }

    @Test func browseThenRestartOfflineFromTheCache() async throws {
        let home = try TemporaryDirectory(prefix: "pulpe-browse")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let environment = PTYEnvironment.standard(home: home.path)
        let args = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        do {
            let server = try SandboxProcess(port: port)
            defer { server.stop() }
            let (available, currentMonth) = try await Self.expectedAvailable(apiURL: server.apiURL)
            let p = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: args, env: environment, rows: 40, cols: 120)
            defer { p.terminate() }
            #expect(p.waitText("Mot de passe", timeout: 10), "\(p.screen.text)")
            p.send("demo@pulpe.local")
            p.sendKey(.enter)
            p.send("pulpe-demo")
            p.sendKey(.enter)
            #expect(p.waitText("Code PIN", timeout: 10))
            p.send("1234")
            #expect(p.waitText("Disponible à dépenser", timeout: 10), "\(p.screen.text)")
            #expect(p.waitText("Mis à jour à", timeout: 10), "\(p.screen.text)")
            p.settle()   // read the title row only once the paint is complete
            #expect(p.screen.text.contains(available), "the current month shows « Disponible » \(available)\n\(p.screen.text)")
            let current = p.screen.line(2)
            p.send("]")
            #expect(p.pump(timeout: 5) { $0.line(2) != current }, "] shows the next month")
            p.send("[")
            #expect(p.pump(timeout: 5) { $0.line(2) == current }, "[ comes back: \(p.screen.line(2))")
            p.send("]")
            p.send("]")
            p.send("t")
            #expect(p.pump(timeout: 5) { $0.line(2) == current }, "t returns to the current period")
            p.sendKey(.tab)
            // Another month of the year: January has none before it.
            p.sendKey(currentMonth.month == 1 ? .right : .left)
            p.sendKey(.enter)
            #expect(p.pump(timeout: 5) { $0.line(2) != current }, "Enter opens the selected month of the year")
            p.send("t")
            p.send("/")
            p.send("coop")
            #expect(p.waitText("« coop »", timeout: 5), "\(p.screen.text)")
            p.sendKey(.escape)
            #expect(p.pump(timeout: 5) { !$0.text.contains("« coop »") })
            // End shows the last page; ↑ then moves at once (the core knows what the screen holds).
            // On the month before, whole whatever the day: the current one may fit on one page.
            p.send("[")
            #expect(p.pump(timeout: 5) { $0.line(2) != current }, "[ shows the month before")
            p.settle()
            p.send("G")
            p.settle()
            let bottom = p.screen.text
            p.sendKey(.up)
            #expect(p.pump(timeout: 5) { $0.text != bottom }, "↑ after End scrolls at once")
            p.send("q")
            #expect(p.waitExit() == 0)
        }
        // The server is gone. The PIN's key was kept (decision 36): the next start paints the cached
        // month at once and keeps it, marked offline, with no « Connexion impossible » detour.
        do {
            let p = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: args, env: environment, rows: 40, cols: 120)
            defer { p.terminate() }
            #expect(p.waitText("Disponible à dépenser", timeout: 10), "\(p.screen.text)")
            #expect(p.waitText("Hors ligne", timeout: 10), "\(p.screen.text)")
            #expect(!p.screen.text.contains("Connexion impossible"))
            p.send("q")
            #expect(p.waitExit() == 0)
        }
        // Locked again (no server needed to forget the key): the next start offers the cache with `o`,
        // sealed — the PIN opens it, checked on this machine (decision 83): a wrong one is refused.
        #expect(try ShellAddE2ETests.pulpe(["lock"] + args, home: home.path).status == 0)
        let p = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: args, env: environment, rows: 40, cols: 120)
        defer { p.terminate() }
        #expect(p.waitText("Connexion impossible", timeout: 10), "\(p.screen.text)")
        #expect(p.waitText("Continuer hors ligne", timeout: 5), "\(p.screen.text)")
        p.send("o")
        #expect(p.waitText("Code PIN", timeout: 10), "\(p.screen.text)")
        #expect(!p.screen.text.contains("Disponible à dépenser"), "nothing decrypted before the PIN")
        p.send("9999")
        #expect(p.waitText("Code incorrect", timeout: 15), "\(p.screen.text)")
        p.send("1234")
        #expect(p.waitText("Disponible à dépenser", timeout: 15), "\(p.screen.text)")
        #expect(p.waitText("Hors ligne", timeout: 10), "\(p.screen.text)")
        #expect(p.waitText("Données du", timeout: 10), "\(p.screen.text)")
        p.send("q")
        #expect(p.waitExit() == 0)
    }
}
