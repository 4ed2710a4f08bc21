import Foundation
import PulpeDomain

/// The shell's write verbs (`pulpe check`, `edit`, `rm`, `line …`, `budget create`) as a headless
/// flow, on the same commands, events and gate as the TUI (decision 54): the status check (3 s of
/// its own), the session, the outbox, the settings, the month as the panel shows it (what waits
/// applied; the server's when the gate is open, else the cache's of any age), the templates when
/// the verb needs them, then the verb's operation (`make`, run once) stored and — open — sent,
/// with one bounded wait.
public struct ChangeFlow: HeadlessFlow {
    /// Why a verb stores nothing: the resolver's refusal (`WriteRefusal`), worded by the shell.
    public typealias Problem = WriteRefusal

    public enum Outcome: Sendable, Hashable {
        /// The server has the intended state (or there was nothing left to send: a delete of an
        /// expense still waiting cancelled both).
        case done(ChangeDraft)
        /// Stored; the next `pulpe` of any kind sends it.
        case queued(ChangeDraft, because: Failure?)
        /// Stored, and refused by the server with this reason (kept; see `pulpe pending`).
        case refused(ChangeDraft, reason: RefusalReason)
        case problem(Problem)
        case notSignedIn
        case locked
        case keyChanged
        /// Nothing stored: neither the server nor the cache could say what the month holds.
        case unavailable(Failure?)
        /// Nothing stored: the outbox file cannot be written.
        case notStored
    }

    /// Resolves the write against the month as shown, the templates (when asked for), the
    /// months the year lists say have a budget (read for a plan) and the account's tags (when
    /// the intent names some); its operations are stored in order.
    public typealias Make = @Sendable (ShownMonth, [TemplatePreview]?, Set<BudgetMonth>, Catalogues) -> Result<ResolvedWrite, Problem>

    /// The account's tags and savings goals, as the replica (or an open gate's server) has them.
    public struct Catalogues: Hashable, Sendable {
        public var tags: [Tag] = []
        public var savingsGoals: [SavingsGoal] = []
    }

    /// A verb's intent, resolved against the month as shown (`WriteResolver`, as the TUI's keys
    /// are): a month's creation reads the templates first, a write naming tags the catalogue.
    public init(month: BudgetMonth?, today: CalendarDay, intent: WriteIntent, timeZone: LocalZone, readTimeout: Duration,
                sendTimeout: Duration) {
        let wantsTemplates = switch intent {
        case .createMonth, .planMonths, .template: true
        default: false
        }
        let span = if case let .planMonths(count, _) = intent { max(0, min(count, 36)) } else { 0 }
        self.init(month: month, today: today, wantsTemplates: wantsTemplates, wantsTags: intent.namesTags, readTimeout: readTimeout,
                  sendTimeout: sendTimeout) { shown, templates, budgeted, catalogues in
            let context = WriteContext(month: shown.month, content: shown.content, templates: templates, timeZone: timeZone,
                                       budgetedMonths: budgeted, tags: catalogues.tags, savingsGoals: catalogues.savingsGoals)
            return WriteResolver.resolve(intent, in: context)
        }
        // A plan reads the years it spans first: it says which months the server will skip.
        planSpan = span
    }

    /// A plan's months already there (the resolver's news), once it is built.
    public var skippedMonths: [BudgetMonth] { news?.skipped ?? [] }

    private enum Step: Hashable, Sendable {
        case passingGate, readingOutbox, readingSettings, readingMonth, readingYears, readingTemplates, readingTags, storing, sending
    }

    public private(set) var outcome: Outcome?
    public var allowsRequests: Bool { gate.isOpen }

    private let requested: BudgetMonth?
    private let today: CalendarDay
    private let wantsTemplates: Bool
    private let wantsTags: Bool
    private var catalogues = Catalogues()
    private var cataloguesLeft = 0
    /// What the resolver made that is still to store, in order (a tag to create before its use).
    /// What the resolver made, stored one after the other (a tag to create before its use).
    private var stores = StoreSequence()
    private let readTimeout: Duration
    private let sendTimeout: Duration
    private let make: Make
    private var step = Step.passingGate
    private var gate = ShellGateSteps()
    private var timers = TimerTable()
    private var outbox = OutboxSnapshot()
    private var settings: UserSettings?
    private var readFailure: Failure?
    private var month: BudgetMonth?
    private var read: Fetched<MonthContent>?
    private var readFromServer = false
    /// The read's deadline passed: what is still to read comes from the cache.
    private var readTimedOut = false
    /// The month as the verb saw it (what waits applied), once read: the figures a verb prints.
    public private(set) var shown: ShownMonth?
    private var templates: [TemplatePreview]?
    private var draft: ChangeDraft?
    private var stoppedBy: Failure?
    /// `.planMonths`: how many months from the shown one, the years they span still to read, and
    /// the months those years say have a budget.
    private var planSpan = 0
    private var news: GestureNews?
    private var yearsToRead = 0
    private var budgeted: Set<BudgetMonth> = []

    /// `month`: nil for the current pay-day period; `readTimeout`: how long the settings and the
    /// month may take (then the cache's copy, marked stale); `sendTimeout`: `--wait`.
    public init(month: BudgetMonth?, today: CalendarDay, wantsTemplates: Bool = false, wantsTags: Bool = false, readTimeout: Duration,
                sendTimeout: Duration, make: @escaping Make) {
        requested = month
        self.today = today
        self.wantsTemplates = wantsTemplates
        self.wantsTags = wantsTags
        self.readTimeout = readTimeout
        self.sendTimeout = sendTimeout
        self.make = make
    }

    public mutating func start() -> [Effect] { gate.start() }

    public mutating func handle(_ msg: Msg) -> [Effect] {
        switch gate.handle(msg) {
        case let .waiting(effects)?: return effects
        case let .stopped(stop)?: return finish(Outcome(stop))
        case .passed?:
            step = .readingOutbox
            return [.outbox(.loadOutbox)]
        case nil: break
        }
        switch msg {
        case let .timerFired(token, _):
            guard timers.consume(token) else { return [] }
            switch token.id {
            case .readDeadline:
                readTimedOut = true
                return step == .readingSettings ? settingsRead() : step == .readingMonth ? monthRead() : []
            case .sendDeadline: return draft.map { finish(.queued($0, because: .timeout)) } ?? []
            default: return []
            }
        case let .outbox(event):
            return outboxEvent(event)
        case let .budgets(.settingsLoaded(outcome, _)) where step == .readingSettings:
            switch outcome {
            case let .loaded(loaded, _), let .cached(loaded, _): settings = loaded
            case let .failed(failure): readFailure = failure
            }
            return []
        case let .budgets(.monthLoaded(_, outcome, _)) where step == .readingMonth:
            switch outcome {
            case let .fetched(fetched):
                read = fetched
                readFromServer = readFromServer || !fetched.fromCache
            case let .failed(failure): readFailure = failure
            }
            return []
        case let .budgets(.yearLoaded(_, .fetched(fetched), _)) where step == .readingYears:
            budgeted.formUnion(fetched.value.compactMap(\.budgetMonth))
            return []
        case let .budgets(.templatesLoaded(previews, _)) where step == .readingTemplates:
            templates = previews
            return []
        case let .budgets(.tagsLoaded(catalogue, _)) where step == .readingTags:
            catalogues.tags = catalogue ?? []
            return []
        case let .budgets(.savingsGoalsLoaded(goals, _)) where step == .readingTags:
            catalogues.savingsGoals = goals ?? []
            return []
        default:
            return []
        }
    }

    public mutating func finished(_ effect: Effect) -> [Effect] {
        switch (step, effect) {
        case (.readingOutbox, .outbox(.loadOutbox)):
            // The read's deadline bounds what may wait on the server: the settings and the month.
            step = .readingSettings
            return [.budgets(.loadSettings), .schedule(timers.arm(.readDeadline), after: readTimeout)]
        case (.readingSettings, .budgets(.loadSettings)), (.readingSettings, .budgets(.loadCached(.settings))):
            return settingsRead()
        case (.readingMonth, .budgets(.loadMonth)), (.readingMonth, .budgets(.loadCached(.month))):
            return monthRead()
        case (.readingYears, .budgets(.loadCached(.year))):
            yearsToRead -= 1
            return yearsToRead > 0 ? [] : readTemplates()
        case (.readingTemplates, .budgets(.loadTemplates)):
            return readTags()
        case (.readingTags, .budgets(.loadTags)), (.readingTags, .budgets(.loadSavingsGoals)):
            cataloguesLeft -= 1
            return cataloguesLeft > 0 ? [] : built()
        case (.sending, _) where stores.isLastStore(effect):
            // The sync the last store asked for is over: where the operation stands.
            guard let draft else { return [] }
            return finish(Self.outcome(of: draft, in: outbox, stoppedBy: stoppedBy))
        default:
            return []
        }
    }

    private mutating func settingsRead() -> [Effect] {
        guard let settings else { return finish(Self.unavailable(readFailure ?? .timeout)) }
        let month = requested ?? PayDayCalendar.budgetMonth(for: today, payDay: settings.payDayOfMonth)
        self.month = month
        step = .readingMonth
        readFailure = nil
        return [.budgets(readTimedOut ? .loadCached(.month(month)) : .loadMonth(month))]
    }

    /// The month is read (or the read's deadline passed): the server's copy, else the cache's —
    /// stale when the server was asked and did not give it.
    private mutating func monthRead() -> [Effect] {
        timers.cancel(.readDeadline)
        guard let month, let settings else { return [] }
        // A refused key is the user's to fix (a new PIN), not a slow server: no stale figures.
        if readFailure == .keyChanged { return finish(.keyChanged) }
        guard let read else { return finish(Self.unavailable(readFailure ?? .timeout)) }
        shown = ShownMonth(month: month, settings: settings, read: read.value, outbox: outbox, fetchedAt: read.fetchedAt,
                           isStale: allowsRequests && !readFromServer, today: today)
        if planSpan > 0 {
            let last = (1..<planSpan).reduce(month) { later, _ in later.next }
            let years = Array(month.year...last.year)
            step = .readingYears
            yearsToRead = years.count
            // The cache's lists (the replica keeps every year): a slow server never holds a plan.
            return years.map { .budgets(.loadCached(.year($0))) }
        }
        return readTemplates()
    }

    private mutating func readTemplates() -> [Effect] {
        guard wantsTemplates else { return readTags() }
        step = .readingTemplates
        // The server's templates, or behind the closed gate the last ones seen (the cache's).
        return [.budgets(.loadTemplates(askServer: true))]
    }

    /// The catalogues (tags, savings goals), when the intent names some: the server's through an
    /// open gate, else the replica's.
    private mutating func readTags() -> [Effect] {
        guard wantsTags else { return built() }
        step = .readingTags
        cataloguesLeft = 2
        return [.budgets(.loadTags(askServer: allowsRequests)), .budgets(.loadSavingsGoals(askServer: allowsRequests))]
    }

    /// The verb's operations, stored before any send: one at a time, in order (a tag created
    /// before the write that names it), the last one asking for the sync.
    private mutating func built() -> [Effect] {
        guard let shown else { return [] }
        switch make(shown, templates, budgeted, catalogues) {
        case let .success(resolved):
            // What the verb reports on: its own write, not the tag it creates first.
            draft = resolved.done.first { if case .createTag = $0.operation { false } else { true } } ?? resolved.done[0]
            news = resolved.news
            step = .storing
            return stores.start(resolved.done, allowsSync: allowsRequests)
        case let .failure(problem):
            return finish(.problem(problem))
        }
    }


    private mutating func outboxEvent(_ event: OutboxEvent) -> [Effect] {
        switch event {
        case let .outboxChanged(snapshot) where step == .readingOutbox || step == .sending:
            outbox = snapshot
        case .changeStored where step == .storing:
            guard let draft else { return [] }
            if !stores.isDone { return stores.next(allowsSync: allowsRequests) }
            guard allowsRequests else { return finish(.queued(draft, because: gate.closedReason)) }
            step = .sending
            return [.schedule(timers.arm(.sendDeadline), after: sendTimeout)]
        case let .changeNotStored(failure) where step == .storing:
            return finish(failure == .notSignedIn ? .notSignedIn : .notStored)
        case let .syncFinished(_, _, failure) where step == .sending:
            stoppedBy = failure
        default:
            break
        }
        return []
    }

    /// Why a read stopped when the server was needed: the session (77) or the server (75).
    private static func unavailable(_ failure: Failure) -> Outcome {
        switch failure {
        case .pinRequired: .locked
        case .sessionExpired: .notSignedIn
        case .keyChanged: .keyChanged
        default: .unavailable(failure)
        }
    }

    /// Where the operation stands once the sync ended: gone from the outbox (done), refused, or
    /// still waiting — found by what it is about, since it may have been folded into a create.
    static func outcome(of draft: ChangeDraft, in snapshot: OutboxSnapshot, stoppedBy: Failure?) -> Outcome {
        let target = draft.operation.target
        let states = snapshot.changes.filter { $0.operation.target == target }.map(\.state)
            + snapshot.items.filter { OperationTarget.transaction($0.id) == target }.map(\.state)
        for case let .refused(reason) in states { return .refused(draft, reason: reason) }
        return states.isEmpty ? .done(draft) : .queued(draft, because: stoppedBy)
    }

    private mutating func finish(_ ending: Outcome) -> [Effect] {
        if outcome == nil { outcome = ending }
        return []
    }
}

extension ChangeFlow.Outcome: StoppedByAccess {}
