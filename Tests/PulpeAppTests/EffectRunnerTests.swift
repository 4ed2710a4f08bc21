import Clocks
import PulpeCore
import PulpeDomain
import PulpeNetworking
import Synchronization
import PulpeServices
import PulpeStore
import Testing
@testable import PulpeApp

/// Collects what the runner sends, from any task.
final class Outbox: Sendable {
    private let messages = Mutex<[Msg]>([])
    func append(_ msg: Msg) { messages.withLock { $0.append(msg) } }
    var all: [Msg] { messages.withLock { $0 } }
}

/// Services that answer from a script and record what they were asked (one value plays every
/// concern; its outbox is a list in memory whose sync sends everything).
final class ScriptedServices: AvailabilityService, SessionService, BudgetService, OutboxService {
    let checkOutcome: ServiceCheckOutcome
    let session: SessionSummary?
    let cachedSettingsOutcome: SettingsOutcome?
    /// The saved session with cached data, read from disk (`offlineSession`).
    let offline: SessionSummary?
    /// The year's list the cache holds (nil: none) — the server's `fetchYear` always fails.
    let cachedYearList: [BudgetSummary]?
    private let calls = Mutex<[String]>([])
    private let queued = Mutex<[PendingExpense]>([])

    init(check: ServiceCheckOutcome = .available, session: SessionSummary? = nil, cachedSettings: SettingsOutcome? = nil,
         offline: SessionSummary? = nil, cachedYearList: [BudgetSummary]? = nil) {
        self.cachedYearList = cachedYearList
        checkOutcome = check
        self.session = session
        cachedSettingsOutcome = cachedSettings
        self.offline = offline
    }

    /// The set effects run with: this one value for every concern.
    var set: ServiceSet { ServiceSet(availability: self, sessions: self, budgets: self, outbox: self) }
    var provider: ServiceProvider { ServiceProvider(ready: set) }

    var recorded: [String] { calls.withLock { $0 } }
    private func record(_ call: String) { calls.withLock { $0.append(call) } }

    func checkService() async -> ServiceCheckOutcome { record("checkService"); return checkOutcome }
    func restoreSession() async -> SessionSummary? { record("restoreSession"); return session }
    func logIn(email: String, password: String) async -> LoginOutcome {
        record("logIn \(email)")
        return .signedIn(SessionSummary(email: email, isDemo: false, isUnlocked: false))
    }
    func startDemo() async -> LoginOutcome {
        record("startDemo")
        return .signedIn(SessionSummary(email: "demo", isDemo: true, isUnlocked: false))
    }
    func unlock(pin: String) async -> UnlockOutcome {
        record("unlock")
        return pin == "1234" ? .unlocked : .failed(Failure.wrongPin)
    }
    func unlockDemo() async -> UnlockOutcome { record("unlockDemo"); return .unlocked }
    func signOut() async { record("signOut") }
    func prepareHome() async { record("prepareHome") }
    func cachedSettings() async -> SettingsOutcome? { record("cachedSettings"); return cachedSettingsOutcome }
    func loadSettings() async -> SettingsOutcome {
        record("loadSettings")
        return .loaded(UserSettings(payDayOfMonth: 25, currency: .chf), today: CalendarDay(year: 2026, month: 11, day: 21)!)
    }
    func offlineSession() async -> SessionSummary? { record("offlineSession"); return offline }
    func lock() async -> Bool { record("lock"); return false }
    func keptKeyPlace() async -> KeptClientKeys.Place? { nil }
    func cachedMonth(_ month: BudgetMonth) async -> Fetched<MonthContent>? {
        record("cachedMonth")
        return Fetched(.noBudget, fetchedAt: at("08:00"), fromCache: true)
    }
    func fetchMonth(_ month: BudgetMonth) async -> FetchOutcome<MonthContent> {
        record("fetchMonth")
        return .fetched(Fetched(.noBudget, fetchedAt: at("14:32"), fromCache: false))
    }
    func cachedYear(_ year: Int) async -> Fetched<[BudgetSummary]>? {
        record("cachedYear")
        return cachedYearList.map { Fetched($0, fetchedAt: at("08:00"), fromCache: true) }
    }
    func fetchYear(_ year: Int) async -> FetchOutcome<[BudgetSummary]> {
        record("fetchYear")
        return .failed(Failure.unreachable)
    }
    var maintenanceSignals: AsyncStream<String?> { AsyncStream { $0.finish() } }
    var offlineChanges: AsyncStream<Bool> { AsyncStream { $0.finish() } }

    func snapshot() async -> OutboxSnapshot { OutboxSnapshot(items: queued.withLock { $0 }) }
    func store(change: ChangeDraft) async -> Result<String?, StoreFailure> {
        record("store \(change.label)")
        guard case let .createTransaction(new) = change.operation, let id = new.id else { return .success(nil) }
        queued.withLock { $0.append(PendingExpense(id: id, draft: ExpenseDraft(new, month: change.month, timeZone: .utc), state: .pending)) }
        return .success(id)
    }
    func sync(progress: @escaping @Sendable (SyncEvent) -> Void) async -> SyncReport {
        record("sync")
        let items = queued.withLock { items in defer { items.removeAll() }; return items }
        for (index, item) in items.enumerated() {
            progress(.sending(index: index + 1, total: items.count))
            progress(.sent(id: item.id))
        }
        return SyncReport(sent: items.map(\.id))
    }
    func remove(id: String) async -> OutboxRemoval {
        record("remove \(id)")
        return queued.withLock { items in
            guard let index = items.firstIndex(where: { $0.id == id }) else { return .notFound }
            items.remove(at: index)
            return .removed
        }
    }
    func replace(id: String, with draft: ExpenseDraft) async -> Bool { record("replace \(id)"); return true }
    func deleteSent(id: String) async -> Failure? { record("deleteSent \(id)"); return nil }
}

@Suite(.timeLimit(.minutes(1))) struct EffectRunnerTests {
    @Test func aScheduledTimerFiresAtItsDeadlineOnTheInjectedClock() async {
        let outbox = Outbox()
        let runner = EffectRunner(clock: ClockAdapter(ImmediateClock()), services: ScriptedServices().provider) { outbox.append($0) }
        let token = TimerToken(id: .splashMinimum, generation: 3)
        await runner.run(.schedule(token, after: .milliseconds(1200)))?.value
        #expect(outbox.all == [.timerFired(token, at: .milliseconds(1200))])
    }

    @Test func deadlinesAreFixedWhenTheCoreAsksNotWhenTheTaskWakes() async {
        let outbox = Outbox()
        let runner = EffectRunner(clock: ClockAdapter(ImmediateClock()), services: ScriptedServices().provider) { outbox.append($0) }
        let minimum = TimerToken(id: .splashMinimum, generation: 1)
        let maximum = TimerToken(id: .splashMaximum, generation: 1)
        let first = runner.run(.schedule(minimum, after: .milliseconds(1200)))
        let second = runner.run(.schedule(maximum, after: .seconds(2)))
        await first?.value
        await second?.value
        #expect(Set(outbox.all) == [.timerFired(minimum, at: .milliseconds(1200)), .timerFired(maximum, at: .seconds(2))])
    }

    @Test func aCancelledTimerSendsNothing() async {
        let outbox = Outbox()
        let runner = EffectRunner(clock: ClockAdapter(TestClock()), services: ScriptedServices().provider) { outbox.append($0) }
        let task = runner.run(.schedule(TimerToken(id: .splashMaximum, generation: 1), after: .seconds(2)))
        task?.cancel()
        await task?.value
        #expect(outbox.all.isEmpty)
    }

    @Test func serviceEffectsComeBackAsMessagesStampedWithTheClock() async {
        let outbox = Outbox()
        let services = ScriptedServices(check: .maintenance(message: "m"), session: nil)
        let runner = EffectRunner(clock: ClockAdapter(ImmediateClock()), services: services.provider) { outbox.append($0) }
        await runner.run(.availability(.checkService))?.value
        await runner.run(.session(.restoreSession))?.value
        await runner.run(.session(.logIn(email: "a@b.ch", password: "pw")))?.value
        await runner.run(.session(.unlock(pin: "0000")))?.value
        await runner.run(.session(.signOut))?.value
        #expect(outbox.all == [
            .availability(.serviceChecked(.maintenance(message: "m"), at: .zero)),
            .session(.sessionRestored(nil, at: .zero)),
            .session(.loginFinished(.signedIn(SessionSummary(email: "a@b.ch", isDemo: false, isUnlocked: false)), at: .zero)),
            .session(.unlockFinished(.failed(Failure.wrongPin), at: .zero)),
        ])
        #expect(services.recorded == ["checkService", "restoreSession", "logIn a@b.ch", "unlock", "signOut"])
    }

    @Test func aTestOverridesOneCommandAndTheServicesAnswerTheRest() async {
        let outbox = Outbox()
        let services = ScriptedServices()
        let set = services.set.overriding { effect, now in
            guard case let .budgets(.loadYear(year)) = effect else { return nil }
            return [.budgets(.yearLoaded(year, .failed(.maintenance), at: now))]
        }
        let runner = EffectRunner(clock: ClockAdapter(ImmediateClock()), services: ServiceProvider(ready: set)) { outbox.append($0) }
        await runner.run(.budgets(.loadYear(2026)))?.value
        await runner.run(.availability(.checkService))?.value
        #expect(outbox.all == [
            .budgets(.yearLoaded(2026, .failed(.maintenance), at: .zero)),
            .availability(.serviceChecked(.available, at: .zero)),
        ])
        #expect(services.recorded == ["checkService"], "the overridden command never reached the service")
    }

    @Test func aMonthComesFromTheCacheFirstThenFromTheServer() async {
        let outbox = Outbox()
        let services = ScriptedServices()
        let runner = EffectRunner(clock: ClockAdapter(ImmediateClock()), services: services.provider) { outbox.append($0) }
        let november = BudgetMonth(year: 2026, month: 11)
        await runner.run(.budgets(.loadMonth(november)))?.value
        #expect(outbox.all == [
            .budgets(.monthLoaded(november, .fetched(Fetched(.noBudget, fetchedAt: at("08:00"), fromCache: true)), at: .zero)),
            .budgets(.monthLoaded(november, .fetched(Fetched(.noBudget, fetchedAt: at("14:32"), fromCache: false)), at: .zero)),
        ])
        await runner.run(.budgets(.loadYear(2026)))?.value
        #expect(outbox.all.last == .budgets(.yearLoaded(2026, .failed(Failure.unreachable), at: .zero)))
        #expect(services.recorded == ["cachedMonth", "fetchMonth", "cachedYear", "fetchYear"])
    }

    @Test func settingsComeFromTheCacheFirstWithTheYearListAlreadyAsked() async {
        let outbox = Outbox()
        let november21 = CalendarDay(year: 2026, month: 11, day: 21)!
        let cached = SettingsOutcome.cached(UserSettings(payDayOfMonth: 25, currency: .chf), today: november21)
        let services = ScriptedServices(cachedSettings: cached)
        let runner = EffectRunner(clock: ClockAdapter(ImmediateClock()), services: services.provider) { outbox.append($0) }
        await runner.run(.budgets(.loadSettings))?.value
        #expect(outbox.all == [
            .budgets(.settingsLoaded(cached, at: .zero)),
            .budgets(.settingsLoaded(.loaded(UserSettings(payDayOfMonth: 25, currency: .chf), today: november21), at: .zero)),
        ])
        #expect(services.recorded == ["prepareHome", "cachedSettings", "loadSettings"])
    }

    @Test func withoutCachedSettingsOnlyTheServerAnswerIsSent() async {
        let outbox = Outbox()
        let runner = EffectRunner(clock: ClockAdapter(ImmediateClock()), services: ScriptedServices().provider) { outbox.append($0) }
        await runner.run(.budgets(.loadSettings))?.value
        #expect(outbox.all.count == 1)
    }

    @Test func aCacheOnlyLoadNeverAsksTheServer() async {
        let outbox = Outbox()
        let november21 = CalendarDay(year: 2026, month: 11, day: 21)!
        let cached = SettingsOutcome.cached(UserSettings(payDayOfMonth: 25, currency: .chf), today: november21)
        let services = ScriptedServices(cachedSettings: cached)
        let runner = EffectRunner(clock: ClockAdapter(ImmediateClock()), services: services.provider) { outbox.append($0) }
        let november = BudgetMonth(year: 2026, month: 11)
        await runner.run(.budgets(.loadCached(.settings)))?.value
        await runner.run(.budgets(.loadCached(.month(november))))?.value
        await runner.run(.budgets(.loadCached(.year(2026))))?.value
        #expect(outbox.all == [
            .budgets(.settingsLoaded(cached, at: .zero)),
            .budgets(.monthLoaded(november, .fetched(Fetched(.noBudget, fetchedAt: at("08:00"), fromCache: true)), at: .zero)),
            .budgets(.yearLoaded(2026, .failed(.offline), at: .zero)),   // the cache has no year: said, not waited for
        ])
        #expect(services.recorded == ["cachedSettings", "cachedMonth", "cachedYear"], "no prepareHome, no fetch")
    }

    @Test func aStoredExpenseIsSentOnlyWhenTheCoreSaysSo() async {
        let outbox = Outbox()
        let services = ScriptedServices()
        let runner = EffectRunner(clock: ClockAdapter(ImmediateClock()), services: services.provider) { outbox.append($0) }
        let draft = ExpenseDraft(amount: 4.5, name: "Café", kind: .expense, date: CalendarDay(year: 2026, month: 11, day: 21)!,
                                 checked: true, month: BudgetMonth(year: 2026, month: 11), budgetId: "b")
        func store(_ id: String) -> ChangeDraft {
            ChangeDraft(operation: .createTransaction(draft.newTransaction(id: id, timeZone: .utc)), month: draft.month, label: draft.name)
        }
        await runner.run(.outbox(.storeChange(store("id-0"), thenSync: false)))?.value
        await runner.run(.outbox(.replacePending(id: "id-0", draft, thenSync: false)))?.value
        #expect(services.recorded == ["store Café", "replace id-0"], "kept on disk, nothing sent")
        await runner.run(.outbox(.storeChange(store("id-1"), thenSync: true)))?.value
        #expect(services.recorded.suffix(2) == ["store Café", "sync"])
    }

    @Test func terminalEffectsAreLeftToTheLoop() {
        let runner = EffectRunner(clock: ClockAdapter(ImmediateClock()), services: ScriptedServices().provider) { _ in }
        #expect(runner.run(.redrawAll) == nil)
        #expect(runner.run(.quit(exitCode: 0)) == nil)
    }

    @Test func theAdapterCountsFromItsCreation() async throws {
        let testClock = TestClock()
        let clock = ClockAdapter(testClock)
        await testClock.advance(by: .milliseconds(250))
        #expect(clock.now() == .milliseconds(250))
    }
}
