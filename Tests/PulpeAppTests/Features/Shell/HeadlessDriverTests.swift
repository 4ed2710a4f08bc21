import Clocks
import PulpeCore
import PulpeDomain
import PulpeServices
import Testing
@testable import PulpeApp

/// `pulpe add`'s flow run by the driver on scripted services: what each gate lets the services be
/// asked (decision 35 from the shell), and the outcome the command prints. The test clock never
/// moves, so no deadline races the services' answers.
@Suite struct HeadlessDriverTests {
    static let signedIn = SessionSummary(email: "a@b.ch", isDemo: false, isUnlocked: true, hasKeptKey: true)
    static let today = CalendarDay(year: 2026, month: 11, day: 21)!
    static let request = QuickAddFlow.Request(amount: "4.50", description: "Café", kind: .expense, date: today, checked: true)
    static let year = [BudgetSummary(id: "b-2026-11", month: 11, year: 2026)]

    @Test func maintenanceStoresAndAsksTheServerNothing() async {
        let services = ScriptedServices(check: .maintenance(message: nil), session: Self.signedIn,
                                        cachedSettings: .cached(UserSettings(payDayOfMonth: 25, currency: .chf), today: Self.today),
                                        offline: Self.signedIn, cachedYearList: Self.year)
        let flow = QuickAddFlow(Self.request, today: Self.today, sendTimeout: .seconds(8), clientId: "c-1", timeZone: .utc)
        let outcome = await HeadlessDriver.run(flow, services: services.set, clock: ClockAdapter(TestClock()))
        guard case let .queued(expense, because)? = outcome else {
            Issue.record("not queued: \(String(describing: outcome))")
            return
        }
        #expect(because == .maintenance && expense.draft.budgetId == "b-2026-11")
        let asked = services.recorded
        #expect(asked.contains("store Café"))
        for serverCall in ["restoreSession", "loadSettings", "fetchYear", "sync", "prepareHome"] {
            #expect(!asked.contains(serverCall), "\(serverCall) behind the closed gate: \(asked)")
        }
    }

    @Test func anOpenGateStoresThenSends() async {
        let services = ScriptedServices(check: .available, session: Self.signedIn, offline: Self.signedIn,
                                        cachedYearList: Self.year)
        let flow = QuickAddFlow(Self.request, today: Self.today, sendTimeout: .seconds(8), clientId: "c-1", timeZone: .utc)
        let outcome = await HeadlessDriver.run(flow, services: services.set, clock: ClockAdapter(TestClock()))
        guard case let .sent(expense)? = outcome else {
            Issue.record("not sent: \(String(describing: outcome))")
            return
        }
        #expect(expense.draft.name == "Café")
        let asked = services.recorded
        #expect(asked.firstIndex(of: "store Café")! < asked.firstIndex(of: "sync")!, "on disk before the send: \(asked)")
    }

    /// `pulpe sync` in maintenance: the gate holds, the outbox keeps what waits, and the command
    /// says it (75) — before, the shell's sync sent without the status check.
    @Test func syncInMaintenanceSendsNothing() async {
        let services = ScriptedServices(check: .maintenance(message: nil), session: Self.signedIn, offline: Self.signedIn)
        let draft = ExpenseDraft(amount: 4.5, name: "Café", kind: .expense, date: Self.today, checked: false,
                                 month: BudgetMonth(year: 2026, month: 11), budgetId: "b-2026-11")
        _ = await services.store(change: ChangeDraft(operation: .createTransaction(draft.newTransaction(id: "id-0", timeZone: .utc)),
                                                     month: draft.month, label: draft.name))
        let outcome = await HeadlessDriver.run(SyncFlow(retryRefused: false), services: services.set,
                                               clock: ClockAdapter(TestClock()))
        guard case let .synced(report)? = outcome else {
            Issue.record("\(String(describing: outcome))")
            return
        }
        #expect(report.lines == [.waiting(id: "id-0", because: .maintenance)] && report.remaining == 1)
        #expect(!services.recorded.contains("sync") && !services.recorded.contains("restoreSession"), "\(services.recorded)")
    }
}
