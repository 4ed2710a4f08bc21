/// `pulpe forget` as a headless flow: the saved session, what waits in the outbox, then the
/// sign-out that takes the account's replica with it (decision 81) — the whole history kept on this
/// device, its session and its kept key. Local only: the gate stays closed. What waits in the
/// outbox is never dropped: it stays queued for the next sign-in to this account, and with
/// writes waiting the flow stops for a yes (`confirmed`) first.
public struct ForgetFlow: HeadlessFlow {
    public enum Outcome: Sendable, Hashable {
        /// Signed out; the account's local copy is gone.
        case forgotten(email: String)
        /// Nobody is signed in on this server: nothing to forget.
        case nothing
        /// `pending` writes wait for this account and no yes was given: nothing done.
        case writesWait(pending: Int)
    }

    private enum Step: Hashable, Sendable { case readingSession, readingOutbox, signingOut }

    public private(set) var outcome: Outcome?
    public var allowsRequests: Bool { false }

    private let confirmed: Bool
    private var step = Step.readingSession
    private var email = ""
    private var pending = 0

    /// `confirmed`: forget even with writes waiting (`--yes`).
    public init(confirmed: Bool) {
        self.confirmed = confirmed
    }

    public mutating func start() -> [Effect] { [.session(.readSavedSession)] }

    public mutating func handle(_ msg: Msg) -> [Effect] {
        switch msg {
        case let .session(.savedSessionRead(summary)) where step == .readingSession:
            guard let summary else {
                outcome = .nothing
                return []
            }
            email = summary.email
            step = .readingOutbox
            return [.outbox(.loadOutbox)]
        case let .outbox(.outboxChanged(snapshot)) where step == .readingOutbox:
            pending = snapshot.pendingCount
            return []
        default:
            return []
        }
    }

    public mutating func finished(_ effect: Effect) -> [Effect] {
        switch (step, effect) {
        case (.readingOutbox, .outbox(.loadOutbox)):
            if pending > 0, !confirmed {
                outcome = .writesWait(pending: pending)
                return []
            }
            step = .signingOut
            return [.session(.signOut)]
        case (.signingOut, .session(.signOut)):
            outcome = .forgotten(email: email)
            return []
        default:
            return []
        }
    }
}
