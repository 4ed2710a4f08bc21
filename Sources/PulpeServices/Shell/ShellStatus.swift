import Foundation
import PulpeCore
import PulpeDomain

/// `pulpe status` without a terminal: « Disponible à dépenser » of the current pay-day period and
/// what waits in the outbox, from the cache when it is fresh enough, else asked of the server for a
/// bounded time (the cached value, with its age, when the server is slow or away).
public struct ShellStatus: Sendable {
    /// What the status line says, as data (the command words it).
    public struct Figures: Sendable, Hashable {
        public var month: BudgetMonth
        /// Nil: the month has no budget (or nothing is known of it).
        public var remaining: Decimal?
        public var currency: Currency
        public var pending: Int
        /// When the figures were fetched from the server.
        public var fetchedAt: Date?
        /// True when the server could not be asked in time and the cache answered.
        public var isStale: Bool
    }

    public enum Outcome: Sendable, Hashable {
        case figures(Figures)
        case notSignedIn
        /// Nothing cached and the server did not answer.
        case unavailable(Failure?)
    }

    let services: ServiceSet
    let clock: WallClock

    public init(services: ServiceSet, clock: WallClock) {
        self.services = services
        self.clock = clock
    }

    public func run(maxAge: Duration, timeout: Duration) async -> Outcome {
        // One deadline for the whole command: a prompt must never hang.
        let deadline = ContinuousClock.now + timeout
        func left() -> Duration { max(.zero, deadline - ContinuousClock.now) }
        switch await withTimeout(left(), { await services.sessions.restoreSession() }) {
        case .some(nil):
            return .notSignedIn
        case nil:
            // The server is slow: the saved session still says whose cache to read.
            guard await services.sessions.offlineSession() != nil else { return .unavailable(.timeout) }
        case .some(.some):
            break
        }
        var settings: UserSettings?
        if case let .cached(cached, _)? = await services.budgets.cachedSettings() { settings = cached }
        if settings == nil, case let .loaded(loaded, _)? = await withTimeout(left(), { await services.budgets.loadSettings() }) {
            settings = loaded
        }
        guard let settings else { return .unavailable(nil) }
        let month = PayDayCalendar.budgetMonth(for: clock.today, payDay: settings.payDayOfMonth)
        let pending = await services.outbox.snapshot().pendingCount
        let cached = await services.budgets.cachedMonth(month)
        if let cached, clock.now().timeIntervalSince(cached.fetchedAt) <= maxAge.timeInterval {
            return .figures(figures(cached, month: month, settings: settings, pending: pending, stale: false))
        }
        let fresh = await withTimeout(left()) { await services.budgets.fetchMonth(month) }
        if case let .fetched(fetched)? = fresh {
            return .figures(figures(fetched, month: month, settings: settings, pending: pending, stale: false))
        }
        if let cached { return .figures(figures(cached, month: month, settings: settings, pending: pending, stale: true)) }
        if case let .failed(failure)? = fresh { return .unavailable(failure) }
        return .unavailable(.timeout)
    }

    private func figures(_ fetched: Fetched<MonthContent>, month: BudgetMonth, settings: UserSettings, pending: Int,
                         stale: Bool) -> Figures {
        var remaining: Decimal?
        if case let .budget(details) = fetched.value { remaining = details.totals.remaining }
        return Figures(month: month, remaining: remaining, currency: settings.currency, pending: pending,
                       fetchedAt: fetched.fetchedAt, isStale: stale)
    }
}
