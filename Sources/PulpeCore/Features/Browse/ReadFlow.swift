import Foundation
import PulpeDomain

/// The shell's read-only commands (`pulpe status`, `month`, `year`) as a headless flow, on the
/// same commands, events and gate as the TUI (decision 54). Local first: a saved session that
/// needs no PIN, cached settings and a cached copy younger than `maxAge` answer without a socket
/// (a status bar polling a fresh cache costs a few file reads). Otherwise the server is needed,
/// and reached the way every command reaches it — the status check, then the session restored —
/// within one deadline for the whole command (a prompt must never hang): the server's copy, else
/// the cache's of any age marked stale, else why there is nothing to show.
public struct ReadFlow: HeadlessFlow {
    public enum Target: Sendable, Hashable {
        /// A month as its panel shows it (nil: the current pay-day period).
        case month(BudgetMonth?)
        /// A year's sparse list (nil: the year of the current period).
        case year(Int?)
    }

    public enum Outcome: Sendable, Hashable {
        /// The month, and how many items wait in the outbox (`pulpe status` says it).
        case month(ShownMonth, pending: Int)
        case year(ShownYear)
        case notSignedIn
        /// Signed in, but the PIN is needed (`pulpe unlock`).
        case locked
        /// The kept key was refused (the PIN was changed elsewhere).
        case keyChanged
        /// Nothing known and the server did not answer.
        case unavailable(Failure?)
    }

    /// What was read, either kind.
    private enum Content: Hashable, Sendable {
        case month(MonthContent)
        case year([BudgetSummary])
    }

    private enum Step: Hashable, Sendable {
        // Local: the saved session, the cached settings, the outbox, the cached copy.
        case readingSaved, readingCachedSettings, readingOutbox, readingCached
        // The server is needed.
        case passingGate, readingSettings, readingTarget
        /// The gate is closed and nothing was cached: the session's file says whether anyone is
        /// signed in (« nothing cached » is not « not signed in »).
        case readingSessionFile
        /// `year`: the cached months whose waiting items move the grid.
        case readingShifts
    }

    public private(set) var outcome: Outcome?
    /// Open once the check said available, and closed again when the deadline passed: from then
    /// on every load reads the cache.
    public var allowsRequests: Bool { gate.isOpen && !timedOut }

    private let target: Target
    private let today: CalendarDay
    private let now: Date
    private let maxAge: Duration
    private let timeout: Duration
    private var step = Step.readingSaved
    private var gate: ShellGateSteps
    private var timers = TimerTable()
    private var serverNeeded = false
    private var timedOut = false
    private var saved: SessionSummary?
    private var settings: UserSettings?
    private var outbox: OutboxSnapshot?
    /// The cache's copy (any age) and the server's.
    private var cached: Fetched<Content>?
    private var served: Fetched<Content>?
    /// The copy the command answers with, and whether it is stale.
    private var answer: (fetched: Fetched<Content>, isStale: Bool)?
    private var targetFailure: Failure?
    private var shiftsLeft: Set<BudgetMonth> = []
    private var shiftDetails: [BudgetMonth: BudgetDetails] = [:]

    /// `now` and `today` say how old the cache is and which period is current; `timeout` bounds
    /// the whole command (the status check included).
    public init(_ target: Target, today: CalendarDay, now: Date, maxAge: Duration, timeout: Duration) {
        self.target = target
        self.today = today
        self.now = now
        self.maxAge = maxAge
        self.timeout = timeout
        gate = ShellGateSteps(checkTimeout: timeout)
    }

    public mutating func start() -> [Effect] {
        [.schedule(timers.arm(.readDeadline), after: timeout), .session(.checkOfflineData)]
    }

    public mutating func handle(_ msg: Msg) -> [Effect] {
        if step == .passingGate, let progress = gate.handle(msg) {
            switch progress {
            case let .waiting(effects): return effects
            case .stopped(.notSignedIn) where !gate.isOpen:
                step = .readingSessionFile
                return [.session(.readSavedSession)]
            case let .stopped(stop): return finish(Outcome(stop))
            case .passed: return afterGate()
            }
        }
        switch msg {
        case let .timerFired(token, _) where token.id == .readDeadline:
            return timers.consume(token) ? deadlinePassed() : []
        case let .session(.savedSessionRead(summary)) where step == .readingSessionFile:
            guard let summary else { return finish(.notSignedIn) }
            return finish(summary.needsNoPin ? .unavailable(gate.closedReason) : .locked)
        case let .session(.offlineDataChecked(summary)) where step == .readingSaved:
            saved = summary
            guard summary?.needsNoPin == true else { return toServer() }
            step = .readingCachedSettings
            return [.budgets(.loadCached(.settings))]
        case let .budgets(.settingsLoaded(outcome, _)) where step == .readingCachedSettings || step == .readingSettings:
            if case let .cached(read, _) = outcome { settings = settings ?? read }
            if case let .loaded(read, _) = outcome { settings = settings ?? read }
            return []
        case let .outbox(.outboxChanged(snapshot)) where step == .readingOutbox:
            outbox = snapshot
            return []
        case let .budgets(.monthLoaded(month, outcome, _)):
            if step == .readingShifts {
                if case let .fetched(fetched) = outcome, case let .budget(details) = fetched.value { shiftDetails[month] = details }
                return []
            }
            guard case .month = target, month == targetMonth else { return [] }
            record(outcome.map(Content.month))
            return []
        case let .budgets(.yearLoaded(year, outcome, _)):
            guard case .year = target, year == targetYear, step != .readingShifts else { return [] }
            record(outcome.map(Content.year))
            return []
        default:
            return []
        }
    }

    public mutating func finished(_ effect: Effect) -> [Effect] {
        switch (step, effect) {
        case (.readingCachedSettings, .budgets(.loadCached(.settings))):
            return settings == nil ? toServer() : readOutbox()
        case (.readingOutbox, .outbox(.loadOutbox)):
            guard serverNeeded else {
                step = .readingCached
                return [.budgets(.loadCached(cachedLoad))]
            }
            return readTarget()
        case (.readingCached, .budgets(.loadCached)):
            if let cached, now.timeIntervalSince(cached.fetchedAt) <= maxAge.timeInterval { return read(cached, isStale: false) }
            return toServer()
        case (.readingSettings, .budgets(.loadSettings)), (.readingSettings, .budgets(.loadCached(.settings))):
            guard settings != nil else { return finish(.unavailable(nil)) }
            return outbox == nil ? readOutbox() : readTarget()
        case (.readingTarget, .budgets(.loadMonth)), (.readingTarget, .budgets(.loadYear)),
             (.readingTarget, .budgets(.loadCached)):
            return targetRead()
        case let (.readingShifts, .budgets(.loadCached(.month(month)))):
            shiftsLeft.remove(month)
            return shiftsLeft.isEmpty ? yearRead() : []
        default:
            return []
        }
    }

    // MARK: - Steps

    private var targetMonth: BudgetMonth? {
        guard case let .month(requested) = target else { return nil }
        return requested ?? currentMonth
    }

    private var currentMonth: BudgetMonth? {
        settings.map { PayDayCalendar.budgetMonth(for: today, payDay: $0.payDayOfMonth) }
    }

    /// Today's calendar month: only a stand-in before the settings are known (never read then).
    private var calendarMonth: BudgetMonth { BudgetMonth(year: today.year, month: today.month) }

    private var targetYear: Int? {
        guard case let .year(requested) = target else { return nil }
        return requested ?? currentMonth?.year
    }

    /// The target as a cache-only load (the settings are known by now).
    private var cachedLoad: CachedLoad {
        if let month = targetMonth { return .month(month) }
        return .year(targetYear ?? today.year)
    }

    private mutating func readOutbox() -> [Effect] {
        step = .readingOutbox
        return [.outbox(.loadOutbox)]
    }

    private mutating func record(_ outcome: FetchOutcome<Content>) {
        switch outcome {
        case let .fetched(fetched) where fetched.fromCache: cached = cached ?? fetched
        case let .fetched(fetched): served = fetched
        case let .failed(failure): targetFailure = failure
        }
    }

    /// The cache cannot answer alone: the status check and the session, unless the deadline has
    /// already passed (then the saved session decides, as when the server is slow).
    private mutating func toServer() -> [Effect] {
        serverNeeded = true
        guard !timedOut else { return serverSlow() }
        step = .passingGate
        return gate.start()
    }

    /// The session may read: the settings (the server's when open, else the cache's), the outbox,
    /// then the target.
    private mutating func afterGate() -> [Effect] {
        guard settings == nil else { return outbox == nil ? readOutbox() : readTarget() }
        step = .readingSettings
        return [.budgets(.loadSettings)]
    }

    private mutating func readTarget() -> [Effect] {
        step = .readingTarget
        switch target {
        case .month: return [.budgets(.loadMonth(targetMonth ?? calendarMonth))]
        case .year: return [.budgets(.loadYear(targetYear ?? today.year))]
        }
    }

    /// The deadline passed before the server answered: what is still to read comes from the cache.
    private mutating func deadlinePassed() -> [Effect] {
        timedOut = true
        switch step {
        case .passingGate:
            return serverSlow()
        case .readingSettings where settings == nil:
            return [.budgets(.loadCached(.settings))]
        case .readingSettings:
            return outbox == nil ? readOutbox() : readTarget()
        case .readingTarget where cached == nil && served == nil:
            return [.budgets(.loadCached(cachedLoad))]
        case .readingTarget:
            return targetRead()
        case .readingSaved, .readingCachedSettings, .readingOutbox, .readingCached, .readingShifts, .readingSessionFile:
            // Local reads go on; the server, if needed, will not be asked.
            return []
        }
    }

    /// The server did not answer in time: the saved session says whose cache to read.
    private mutating func serverSlow() -> [Effect] {
        guard let saved else { return finish(.unavailable(.timeout)) }
        guard saved.needsNoPin else { return finish(.locked) }
        return afterGate()
    }

    /// The target is read (or the deadline passed): the server's copy, else the cache's — stale
    /// when the server was needed and did not give it.
    private mutating func targetRead() -> [Effect] {
        // A refused key is the user's to fix (a new PIN), not a slow server: no stale figures.
        if targetFailure == .keyChanged, served == nil { return finish(.keyChanged) }
        if let served { return read(served, isStale: false) }
        if let cached { return read(cached, isStale: true) }
        switch targetFailure.flatMap({ $0 == .offline ? nil : $0 }) ?? (gate.isOpen ? .timeout : gate.closedReason) {
        case .pinRequired: return finish(.locked)
        case .sessionExpired: return finish(.notSignedIn)
        case let failure: return finish(.unavailable(failure))
        }
    }

    private mutating func read(_ fetched: Fetched<Content>, isStale: Bool) -> [Effect] {
        timers.cancel(.readDeadline)
        guard let settings else { return finish(.unavailable(nil)) }
        let outbox = outbox ?? OutboxSnapshot()
        switch fetched.value {
        case let .month(content):
            let shown = ShownMonth(month: targetMonth ?? calendarMonth, settings: settings, read: content, outbox: outbox,
                                   fetchedAt: fetched.fetchedAt, isStale: isStale, today: today)
            return finish(.month(shown, pending: outbox.pendingCount))
        case .year:
            answer = (fetched, isStale)
            // The months before and in the year with something waiting move the grid (the
            // rollover carries a shift forward): their cached details say by how much.
            shiftsLeft = outbox.touchedMonths.filter { $0.year <= (targetYear ?? today.year) }
            guard !shiftsLeft.isEmpty else { return yearRead() }
            step = .readingShifts
            return shiftsLeft.sorted().map { .budgets(.loadCached(.month($0))) }
        }
    }

    /// The year with what waits applied, as the grid shows it.
    private mutating func yearRead() -> [Effect] {
        guard let settings, let answer, case let .year(summaries) = answer.fetched.value else {
            return finish(.unavailable(nil))
        }
        let outbox = outbox ?? OutboxSnapshot()
        var shifts: [BudgetMonth: Decimal] = [:]
        for (month, details) in shiftDetails.sorted(by: { $0.key < $1.key }) {
            shifts.merge(PendingOverlay(month: month, details: details, outbox: outbox).shifts) { first, _ in first }
        }
        let current = currentMonth ?? calendarMonth
        let year = targetYear ?? current.year
        // The months a waiting creation or plan makes are listed at once, as the panel lists them.
        return finish(.year(ShownYear(year: year, currentMonth: current, settings: settings,
                                      summaries: BudgetSummary.shifted(outbox.summaries(summaries, year: year), by: shifts),
                                      fetchedAt: answer.fetched.fetchedAt, isStale: answer.isStale)))
    }

    private mutating func finish(_ ending: Outcome) -> [Effect] {
        if outcome == nil { outcome = ending }
        return []
    }
}

extension ReadFlow.Outcome: StoppedByAccess {}

extension FetchOutcome {
    /// The same outcome with its value transformed.
    func map<Other: Hashable & Sendable>(_ transform: (Value) -> Other) -> FetchOutcome<Other> {
        switch self {
        case let .fetched(fetched):
            .fetched(Fetched(transform(fetched.value), fetchedAt: fetched.fetchedAt, fromCache: fetched.fromCache))
        case let .failed(failure): .failed(failure)
        }
    }
}
