/// `pulpe pending` as a headless flow: whose outbox, as the saved session's file says, then what
/// it holds. It asks nothing of the network — no status check, no session refresh (an expired
/// access token stays expired) — so the gate stays closed throughout and only local commands run.
public struct PendingFlow: HeadlessFlow {
    public enum Outcome: Sendable, Hashable {
        case notSignedIn
        /// What waits or was refused, as read from the outbox (empty when it is sealed and locked:
        /// the command then says how many, never what).
        case listed(OutboxSnapshot)
    }

    private enum Step: Hashable, Sendable { case readingSession, readingOutbox }

    public private(set) var outcome: Outcome?
    /// Never: a local read.
    public var allowsRequests: Bool { false }

    private var step = Step.readingSession
    private var snapshot = OutboxSnapshot()

    public init() {}

    public mutating func start() -> [Effect] { [.session(.readSavedSession)] }

    public mutating func handle(_ msg: Msg) -> [Effect] {
        switch msg {
        case let .session(.savedSessionRead(summary)) where step == .readingSession:
            guard summary != nil else {
                outcome = .notSignedIn
                return []
            }
            step = .readingOutbox
            return [.outbox(.loadOutbox)]
        case let .outbox(.outboxChanged(read)) where step == .readingOutbox:
            snapshot = read
            return []
        default:
            return []
        }
    }

    public mutating func finished(_ effect: Effect) -> [Effect] {
        if step == .readingOutbox, effect == .outbox(.loadOutbox), outcome == nil { outcome = .listed(snapshot) }
        return []
    }
}
