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
        /// Signed in, but the PIN is needed (`pulpe unlock`).
        case locked
        /// The kept key was refused (the PIN was changed elsewhere): `pulpe unlock` with the new PIN.
        case keyChanged
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
        let reading = ShellReading(services: services, clock: clock, timeout: timeout)
        let settings: UserSettings
        switch await reading.start() {
        case let .ready(ready): settings = ready
        case .notSignedIn: return .notSignedIn
        case .locked: return .locked
        case .keyChanged: return .keyChanged
        case let .unavailable(failure): return .unavailable(failure)
        }
        let month = PayDayCalendar.budgetMonth(for: clock.today, payDay: settings.payDayOfMonth)
        let outbox = await services.outbox.snapshot()
        let pending = outbox.pendingCount
        let cached = await services.budgets.cachedMonth(month)
        switch await reading.fresh(cached: cached, maxAge: maxAge, fetch: { await services.budgets.fetchMonth(month) }) {
        case let .success(read):
            var remaining: Decimal?
            if case let .budget(details) = read.fetched.value {
                // What waits counts at once, as on the panel (`PendingOverlay`).
                var overlay = PendingOverlay()
                overlay.update(month: month, details: details, outbox: outbox, recentlySent: [])
                remaining = (overlay.merged ?? details).totals.remaining
            }
            return .figures(Figures(month: month, remaining: remaining, currency: settings.currency, pending: pending,
                                    fetchedAt: read.fetched.fetchedAt, isStale: read.isStale))
        case .failure(.keyChanged):
            return .keyChanged
        case .failure(.pinRequired):
            return .locked
        case .failure(.sessionExpired):
            return .notSignedIn
        case let .failure(failure):
            return .unavailable(failure)
        }
    }
}
