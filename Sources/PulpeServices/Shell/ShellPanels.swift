import Foundation
import PulpeCore
import PulpeDomain

/// `pulpe month` and `pulpe year` without a terminal: the data the month and year panels draw —
/// the month merged with what waits in the outbox exactly as the TUI merges it (`PendingOverlay`),
/// the year's sparse list — served like `pulpe status`: the cache when fresh, else the server
/// within the deadline, else the cache with its age.
public struct ShellPanels: Sendable {
    public typealias Month = ShownMonth

    public struct Year: Sendable, Hashable {
        public var year: Int
        /// Today's budget month (the panel highlights it).
        public var currentMonth: BudgetMonth
        public var settings: UserSettings
        public var summaries: [BudgetSummary]
        public var fetchedAt: Date
        public var isStale: Bool
    }

    public enum Outcome<Value: Sendable & Hashable>: Sendable, Hashable {
        case loaded(Value)
        case notSignedIn
        case locked
        case unavailable(Failure?)
    }

    let services: ServiceSet
    let clock: WallClock

    public init(services: ServiceSet, clock: WallClock) {
        self.services = services
        self.clock = clock
    }

    /// Why a command cannot go on past the reading's start (`ready` never reaches here).
    private static func stopped<Value>(_ start: ShellReading.Start) -> Outcome<Value> {
        switch start {
        case .notSignedIn: .notSignedIn
        case .locked: .locked
        case .keyChanged: .unavailable(.keyChanged)
        case let .unavailable(failure): .unavailable(failure)
        case .ready: .unavailable(nil)
        }
    }

    /// Why a read stopped when the server was needed: the session (77) or the server (75).
    private static func stopped<Value>(_ failure: Failure) -> Outcome<Value> {
        switch failure {
        case .pinRequired: .locked
        case .sessionExpired: .notSignedIn
        default: .unavailable(failure)
        }
    }

    /// `month` (nil: the current pay-day period).
    public func month(_ month: BudgetMonth?, maxAge: Duration, timeout: Duration) async -> Outcome<Month> {
        let reading = ShellReading(services: services, clock: clock, timeout: timeout)
        let start = await reading.start()
        guard case let .ready(settings) = start else { return Self.stopped(start) }
        let month = month ?? PayDayCalendar.budgetMonth(for: clock.today, payDay: settings.payDayOfMonth)
        let cached = await services.budgets.cachedMonth(month)
        switch await reading.fresh(cached: cached, maxAge: maxAge, fetch: { [services] in await services.budgets.fetchMonth(month) }) {
        case let .success(read):
            return .loaded(Month(month: month, settings: settings, read: read.fetched.value, outbox: await services.outbox.snapshot(),
                                 fetchedAt: read.fetched.fetchedAt, isStale: read.isStale, today: clock.today))
        case let .failure(failure):
            return Self.stopped(failure)
        }
    }

    /// How what waits in the outbox moves each month's remaining, for the months of `year` and
    /// before (the rollover carries a shift forward), from their cached details — as the TUI's grid.
    private func pendingShifts(upTo year: Int) async -> [BudgetMonth: Decimal] {
        let outbox = await services.outbox.snapshot()
        let months = Set(outbox.items.filter { !$0.isRefused }.map(\.draft.month) + outbox.changes.filter { !$0.isRefused }.map(\.month))
        var shifts: [BudgetMonth: Decimal] = [:]
        for month in months where month.year <= year {
            guard case let .budget(details)? = await services.budgets.cachedMonth(month)?.value else { continue }
            var overlay = PendingOverlay()
            overlay.update(month: month, details: details, outbox: outbox, recentlySent: [])
            shifts.merge(overlay.shifts) { first, _ in first }
        }
        return shifts
    }

    /// `year` (nil: the year of the current pay-day period).
    public func year(_ year: Int?, maxAge: Duration, timeout: Duration) async -> Outcome<Year> {
        let reading = ShellReading(services: services, clock: clock, timeout: timeout)
        let start = await reading.start()
        guard case let .ready(settings) = start else { return Self.stopped(start) }
        let current = PayDayCalendar.budgetMonth(for: clock.today, payDay: settings.payDayOfMonth)
        let year = year ?? current.year
        let cached = await services.budgets.cachedYear(year)
        switch await reading.fresh(cached: cached, maxAge: maxAge, fetch: { [services] in await services.budgets.fetchYear(year) }) {
        case let .success(read):
            let summaries = BudgetSummary.shifted(read.fetched.value, by: await pendingShifts(upTo: year))
            return .loaded(Year(year: year, currentMonth: current, settings: settings, summaries: summaries,
                                fetchedAt: read.fetched.fetchedAt, isStale: read.isStale))
        case let .failure(failure):
            return Self.stopped(failure)
        }
    }
}
