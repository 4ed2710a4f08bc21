import Foundation
import PulpeDomain
import PulpeNetworking
import PulpeSandbox
import PulpeTerminal
import PulpeUI
import Testing
import PulpeCurlTransport

/// The amounts the month panel shows for the sandbox's demo data are the formulas' own,
/// month by month, and agree with what the server computes.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct DemoDataDisplayTests {
    @Test func everyDemoMonthShowsTheAvailableTheFormulasGive() async throws {
        var configuration = SandboxConfiguration()
        configuration.port = 0
        configuration.today = CalendarDay(year: 2026, month: 11, day: 21)
        let sandbox = try await SandboxServer.start(configuration)
        let network = await PulpeNetwork.make(configuration: APIConfiguration.sandbox(baseURL: sandbox.baseURL),
                                              transport: CurlHTTPTransport(), sessionStore: nil)
        do {
            _ = try await network.sessions.logIn(email: DemoAccount.email, password: DemoAccount.password)
            try await network.clientKeys.unlock(pin: DemoAccount.pin)
            let settings = try await network.client.userSettings()
            let budgets = try await network.client.budgets()
            #expect(budgets.count >= 14)
            var deficits = 0
            for budget in budgets {
                let details = try await network.client.budgetDetails(id: budget.id)
                let totals = details.totals
                #expect(budget.remaining == totals.remaining, "server and client disagree for \(budget.year)-\(budget.month)")
                if totals.remaining < 0 { deficits += 1 }
                let model = MonthPanelModel(month: BudgetMonth(year: budget.year, month: budget.month),
                                            payDay: settings.payDayOfMonth, currency: settings.currency,
                                            timeZone: LocalZone(TimeZone(identifier: "Europe/Zurich")!), data: .loaded(details))
                let context = ViewContext(capabilities: Capabilities(unicode: true, colorDepth: .ansi256, reducedMotion: false),
                                          animations: AnimationLibrary(animations: [:]))
                var painter = Painter(width: 80, height: 30, context: context)
                MonthPanelView.draw(model, in: Rect(x: 0, y: 0, width: 80, height: 30), into: &painter)
                let screen = painter.buffer.textLines().joined(separator: "\n")
                let shown = MoneyFormatter.format(totals.remaining, currency: settings.currency)
                #expect(screen.contains(shown), "\(budget.year)-\(budget.month) should show \(shown)")
                #expect(screen.contains(MoneyFormatter.format(totals.totalIncome, currency: settings.currency)))
            }
            #expect(deficits >= 1, "the demo has a month in deficit")
        } catch {
            Issue.record("\(error)")
        }
        await sandbox.stop()
    }
}
