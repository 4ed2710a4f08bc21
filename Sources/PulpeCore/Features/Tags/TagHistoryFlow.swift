import PulpeDomain

/// `pulpe tag history NAME` as a headless flow: the gate (the status check, the session), the
/// settings (the current pay-day period ends the window unless one is given), the catalogue (the
/// tag by name, case aside, accents kept), then the history — the server's through an open gate,
/// else computed from the replica the same way (§15.2), said « du cache ».
public struct TagHistoryFlow: HeadlessFlow {
    public enum Outcome: Sendable, Hashable {
        case history(Tag, TagHistory, fromServer: Bool)
        /// No tag has that name: the names there are.
        case unknownTag(available: [String])
        case notSignedIn
        case locked
        case keyChanged
    }

    private enum Step: Hashable, Sendable { case passingGate, readingSettings, readingTags, readingHistory }

    public private(set) var outcome: Outcome?
    public var allowsRequests: Bool { gate.isOpen }

    private let name: String
    private let months: Int
    private let requestedEnd: BudgetMonth?
    private let today: CalendarDay
    private var gate = ShellGateSteps()
    private var step = Step.passingGate
    private var end: BudgetMonth?
    private var tag: Tag?

    /// `end`: the window's last budget month (nil: the current pay-day period's).
    public init(name: String, months: Int, end: BudgetMonth?, today: CalendarDay) {
        self.name = name
        self.months = months
        requestedEnd = end
        self.today = today
    }

    public mutating func start() -> [Effect] { gate.start() }

    public mutating func handle(_ msg: Msg) -> [Effect] {
        switch gate.handle(msg) {
        case let .waiting(effects)?: return effects
        case let .stopped(stop)?: return finish(Outcome(stop))
        case .passed?:
            if let requestedEnd { return readTags(end: requestedEnd) }
            step = .readingSettings
            return [.budgets(allowsRequests ? .loadSettings : .loadCached(.settings))]
        case nil: break
        }
        switch msg {
        case let .budgets(.settingsLoaded(outcome, _)) where step == .readingSettings:
            // The first copy that names the pay day (the cache's comes first); none: the calendar month.
            switch outcome {
            case let .loaded(settings, _), let .cached(settings, _):
                return readTags(end: PayDayCalendar.budgetMonth(for: today, payDay: settings.payDayOfMonth))
            case .failed:
                return readTags(end: BudgetMonth(year: today.year, month: today.month))
            }
        case let .budgets(.tagsLoaded(tags, _)) where step == .readingTags:
            guard let found = TagNaming.tag(named: name, in: tags ?? []), let end else {
                return finish(.unknownTag(available: (tags ?? []).map(\.name)))
            }
            tag = found
            step = .readingHistory
            return [.budgets(.loadTagHistory(tagId: found.id, months: months, end: end, askServer: allowsRequests))]
        case let .budgets(.tagHistoryLoaded(history, fromServer, _)) where step == .readingHistory:
            guard let tag else { return [] }
            return finish(.history(tag, history, fromServer: fromServer))
        default:
            return []
        }
    }

    public mutating func finished(_ effect: Effect) -> [Effect] { [] }

    private mutating func readTags(end: BudgetMonth) -> [Effect] {
        guard step != .readingTags, step != .readingHistory else { return [] }
        self.end = end
        step = .readingTags
        return [.budgets(.loadTags(askServer: allowsRequests))]
    }

    private mutating func finish(_ ending: Outcome) -> [Effect] {
        if outcome == nil { outcome = ending }
        return []
    }
}

extension TagHistoryFlow.Outcome: StoppedByAccess {}
