import PulpeCore
import PulpeDomain
import PulpeServices

/// Runs the core's asynchronous effects and reports their outcome as messages: the one place
/// where an effect meets the service of its concern.
///
/// Terminal effects (`redrawAll`, `quit`) belong to the loop that owns the terminal, so this
/// runner only takes the ones that need waiting or I/O; it never touches the terminal. Service
/// effects wait for the services to be ready (the first frame never does).
public final class EffectRunner: Sendable {
    private let clock: any AppClock
    private let provider: ServiceProvider
    private let send: @Sendable (Msg) -> Void

    public init(clock: any AppClock, services provider: ServiceProvider, send: @escaping @Sendable (Msg) -> Void) {
        self.clock = clock
        self.provider = provider
        self.send = send
    }

    /// Starts the effect and returns its task (tests await it; the app lets it run).
    @discardableResult
    public func run(_ effect: Effect) -> Task<Void, Never>? {
        let clock = self.clock
        let send = self.send
        switch effect {
        case let .schedule(token, after):
            // The deadline is fixed now, when the core asked, so a late wake-up still reports
            // the time the timer was meant for, and schedules replay identically in tests.
            let deadline = clock.now() + after
            return Task {
                do {
                    try await clock.sleep(until: deadline)
                    send(.timerFired(token, at: deadline))
                } catch {
                    // Cancelled: the app is quitting; a stale tick would be dropped anyway.
                }
            }
        case .redrawAll, .quit:
            return nil
        case .checkService:
            return withServices { send(.serviceChecked(await $0.availability.checkService(), at: clock.now())) }
        case .restoreSession:
            return withServices { services in
                let summary = await services.sessions.restoreSession()
                if summary == nil, await services.sessions.savedSessionUnreadable() { send(.savedSessionUnreadable) }
                send(.sessionRestored(summary, at: clock.now()))
            }
        case let .logIn(email, password):
            return withServices {
                send(.loginFinished(await $0.sessions.logIn(email: email, password: password), at: clock.now()))
            }
        case .startDemo:
            return withServices { send(.loginFinished(await $0.sessions.startDemo(), at: clock.now())) }
        case let .unlock(pin):
            return withServices { send(.unlockFinished(await $0.sessions.unlock(pin: pin), at: clock.now())) }
        case .unlockDemo:
            return withServices { send(.unlockFinished(await $0.sessions.unlockDemo(), at: clock.now())) }
        case .signOut:
            return withServices { await $0.sessions.signOut() }
        case .lock:
            return withServices { _ = await $0.sessions.lock() }
        case .checkOfflineData:
            return withServices { send(.offlineDataChecked(await $0.sessions.offlineSession())) }
        case .loadSettings:
            // The cached settings first (they name the current period at once, so the month and
            // year load while the server answers), with this year's list already on its way.
            return withServices { services in
                await services.budgets.prepareHome()
                if let cached = await services.budgets.cachedSettings() { send(.settingsLoaded(cached, at: clock.now())) }
                send(.settingsLoaded(await services.budgets.loadSettings(), at: clock.now()))
            }
        case let .loadMonth(month):
            // Stale-while-revalidate: the cached copy first (instant, works offline), then the server.
            return withServices { services in
                if let cached = await services.budgets.cachedMonth(month) {
                    send(.monthLoaded(month, .fetched(cached), at: clock.now()))
                }
                send(.monthLoaded(month, await services.budgets.fetchMonth(month), at: clock.now()))
            }
        case let .loadYear(year):
            return withServices { services in
                if let cached = await services.budgets.cachedYear(year) { send(.yearLoaded(year, .fetched(cached), at: clock.now())) }
                send(.yearLoaded(year, await services.budgets.fetchYear(year), at: clock.now()))
            }
        case let .loadCached(load):
            // The API gate is closed (before the status check, maintenance): the cache only.
            return withServices { await Self.readCache(load, from: $0.budgets, clock: clock, send: send) }
        case .loadOutbox:
            return withServices { send(.outboxChanged(await $0.outbox.snapshot())) }
        case let .storeExpense(draft, thenSync):
            // Committed to disk first; only then does a sync put it on the wire.
            return withServices { services in
                switch await services.outbox.store(draft) {
                case let .success(expense):
                    send(.expenseStored(expense))
                    send(.outboxChanged(await services.outbox.snapshot()))
                    if thenSync { await Self.sync(services, send: send) }
                case let .failure(failure):
                    send(.expenseNotStored(failure))
                }
            }
        case .syncOutbox:
            return withServices { await Self.sync($0, send: send) }
        case let .removePending(id):
            return withServices { services in
                _ = await services.outbox.remove(id: id)
                send(.outboxChanged(await services.outbox.snapshot()))
            }
        case let .replacePending(id, draft, thenSync):
            return withServices { services in
                _ = await services.outbox.replace(id: id, with: draft)
                send(.outboxChanged(await services.outbox.snapshot()))
                if thenSync { await Self.sync(services, send: send) }
            }
        case let .deleteSentExpense(id, _):
            return withServices { send(.sentExpenseDeleted(id: id, failure: await $0.outbox.deleteSent(id: id))) }
        }
    }

    /// The cache's copy as the answer to a load; `.failed(.offline)` when it holds none (the core
    /// knows whether that is offline browsing or a start-up still waiting for the check).
    private static func readCache(_ load: CachedLoad, from budgets: any BudgetService, clock: any AppClock,
                                  send: @Sendable (Msg) -> Void) async {
        switch load {
        case .settings:
            send(.settingsLoaded(await budgets.cachedSettings() ?? .failed(.offline), at: clock.now()))
        case let .month(month):
            let outcome: FetchOutcome<MonthContent> = (await budgets.cachedMonth(month)).map { .fetched($0) } ?? .failed(.offline)
            send(.monthLoaded(month, outcome, at: clock.now()))
        case let .year(year):
            let outcome: FetchOutcome<[BudgetSummary]> = (await budgets.cachedYear(year)).map { .fetched($0) } ?? .failed(.offline)
            send(.yearLoaded(year, outcome, at: clock.now()))
        }
    }

    /// Sends what the outbox holds, reporting progress and refusals, then the outbox as it ends.
    private static func sync(_ services: ServiceSet, send: @escaping @Sendable (Msg) -> Void) async {
        let report = await services.outbox.sync { event in
            switch event {
            case let .sending(index, total): send(.syncProgress(done: index - 1, total: total))
            case let .refused(expense): send(.expenseRefused(expense))
            case let .sent(id): send(.expenseSent(id: id))
            case .deferred: break
            }
        }
        send(.outboxChanged(await services.outbox.snapshot()))
        send(.syncFinished(sent: report.sent.count, remaining: report.remaining, stoppedBy: report.stoppedBy))
    }

    /// A task that waits for the services, then runs `work` with them.
    private func withServices(_ work: @escaping @Sendable (ServiceSet) async -> Void) -> Task<Void, Never> {
        let provider = self.provider
        return Task { await work(await provider.services) }
    }
}
