import PulpeCore

/// Runs the core's asynchronous effects and reports their outcome as messages.
///
/// Terminal effects (`redrawAll`, `quit`) belong to the loop that owns the terminal, so this
/// runner only takes the ones that need waiting or I/O; it never touches ncurses.
public final class EffectRunner: Sendable {
    private let clock: any AppClock
    private let gateway: any ServiceGateway
    private let send: @Sendable (Msg) -> Void

    public init(clock: any AppClock, gateway: any ServiceGateway, send: @escaping @Sendable (Msg) -> Void) {
        self.clock = clock
        self.gateway = gateway
        self.send = send
    }

    /// Starts the effect and returns its task (tests await it; the app lets it run).
    @discardableResult
    public func run(_ effect: Effect) -> Task<Void, Never>? {
        let clock = self.clock
        let gateway = self.gateway
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
        case .checkService:
            return Task { send(.serviceChecked(await gateway.checkService(), at: clock.now())) }
        case .restoreSession:
            return Task { send(.sessionRestored(await gateway.restoreSession(), at: clock.now())) }
        case let .logIn(email, password):
            return Task { send(.loginFinished(await gateway.logIn(email: email, password: password), at: clock.now())) }
        case .startDemo:
            return Task { send(.loginFinished(await gateway.startDemo(), at: clock.now())) }
        case let .unlock(pin):
            return Task { send(.unlockFinished(await gateway.unlock(pin: pin), at: clock.now())) }
        case .unlockDemo:
            return Task { send(.unlockFinished(await gateway.unlockDemo(), at: clock.now())) }
        case .signOut:
            return Task { await gateway.signOut() }
        case .checkOfflineData:
            return Task { send(.offlineDataChecked(await gateway.offlineSession())) }
        case .loadSettings:
            // The cached settings first (they name the current period at once, so the month and
            // year load while the server answers), with this year's list already on its way.
            return Task {
                await gateway.prepareHome()
                if let cached = await gateway.cachedSettings() { send(.settingsLoaded(cached, at: clock.now())) }
                send(.settingsLoaded(await gateway.loadSettings(), at: clock.now()))
            }
        case let .loadMonth(month):
            // Stale-while-revalidate: the cached copy first (instant, works offline), then the server.
            return Task {
                if let cached = await gateway.cachedMonth(month) { send(.monthLoaded(month, .fetched(cached), at: clock.now())) }
                send(.monthLoaded(month, await gateway.fetchMonth(month), at: clock.now()))
            }
        case let .loadYear(year):
            return Task {
                if let cached = await gateway.cachedYear(year) { send(.yearLoaded(year, .fetched(cached), at: clock.now())) }
                send(.yearLoaded(year, await gateway.fetchYear(year), at: clock.now()))
            }
        case .redrawAll, .quit:
            return nil
        }
    }
}
