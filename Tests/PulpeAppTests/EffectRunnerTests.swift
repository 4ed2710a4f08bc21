import Clocks
import PulpeCore
import PulpeDomain
import PulpeNetworking
import Synchronization
import PulpeServices
import PulpeStore
import Testing
@testable import PulpeApp

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
