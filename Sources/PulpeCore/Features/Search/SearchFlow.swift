/// `pulpe search TEXT` as a headless flow, on the TUI's search command and gate (decision 54):
/// every cached month searched, the months with something waiting as `pulpe month` shows them,
/// merged with the server's `GET /transactions/search` when the status check opens the gate and
/// the session may read. Offline — or when the server is slow — the cache alone answers, said
/// « résultats du cache ».
public struct SearchFlow: HeadlessFlow {
    public enum Outcome: Sendable, Hashable {
        case found(SearchResults)
        case notSignedIn
        /// The PIN is needed (`pulpe unlock`): the server refused to read without it, or nothing
        /// was found offline for a session whose data needs it.
        case locked
        /// The kept key was refused (the PIN was changed elsewhere).
        case keyChanged
    }

    private enum Step: Hashable, Sendable { case readingSaved, readingOutbox, checking, signingIn, searching }

    public private(set) var outcome: Outcome?
    public private(set) var allowsRequests = false

    private let query: String
    private let years: [Int]
    private let timeout: Duration
    private var step = Step.readingSaved
    private var timers = TimerTable()
    private var checking = ServiceCheckStep()
    private var saved: SessionSummary?
    private var outbox = OutboxSnapshot()
    private var askServer = false

    /// `timeout`: how long the session's restore and the server's search may each take.
    public init(query: String, years: [Int], timeout: Duration) {
        self.query = query
        self.years = years
        self.timeout = timeout
    }

    public mutating func start() -> [Effect] { [.session(.checkOfflineData)] }

    public mutating func handle(_ msg: Msg) -> [Effect] {
        switch checking.handle(msg) {
        case let .checked(outcome)? where step == .checking:
            // No answer in time, or not « available »: the cache alone.
            guard outcome == .available else { return search() }
            allowsRequests = true
            step = .signingIn
            return [.session(.restoreSession), .schedule(timers.arm(.readDeadline), after: timeout)]
        case .checked?, .ignored?: return []
        case nil: break
        }
        switch msg {
        case let .session(.offlineDataChecked(summary)) where step == .readingSaved:
            guard let summary else { return finish(.notSignedIn) }
            saved = summary
            step = .readingOutbox
            return [.outbox(.loadOutbox)]
        case let .outbox(.outboxChanged(snapshot)) where step == .readingOutbox:
            outbox = snapshot
            return []
        case let .timerFired(token, _):
            guard timers.consume(token) else { return [] }
            // The session's restore took too long: the cache alone.
            return step == .signingIn ? search() : []
        case let .session(.sessionRestored(summary, _)) where step == .signingIn:
            timers.cancel(.readDeadline)
            if let summary {
                if summary.keyWasRefused { return finish(.keyChanged) }
                guard summary.isUnlocked || summary.needsNoPin else { return finish(.locked) }
                askServer = true
            }
            return search()
        case let .budgets(.searchFinished(_, found, _)) where step == .searching:
            // Offline, a session whose data needs the PIN finds nothing it may show.
            if !allowsRequests, saved?.needsNoPin == false, found.hits.isEmpty { return finish(.locked) }
            return finish(.found(found))
        default:
            return []
        }
    }

    public mutating func finished(_ effect: Effect) -> [Effect] {
        guard step == .readingOutbox, effect == .outbox(.loadOutbox) else { return [] }
        step = .checking
        return checking.start()
    }

    private mutating func search() -> [Effect] {
        step = .searching
        let scope = SearchScope(years: years, outbox: outbox, serverTimeout: timeout)
        return [.budgets(.search(query, askServer: askServer, in: scope))]
    }

    private mutating func finish(_ ending: Outcome) -> [Effect] {
        if outcome == nil { outcome = ending }
        return []
    }
}
