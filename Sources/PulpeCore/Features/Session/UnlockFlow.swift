/// `pulpe unlock` as a headless flow, behind the gate like the PIN screen: the status check, then
/// the session restored with the server, then — with the PIN the command read — the key derived
/// and validated (`.session(.unlock)`). Run first without a PIN, it stops at `.needsPin`, so the
/// command asks for the PIN only when there is something to unlock; run again with it, it unlocks.
/// Behind a closed gate (maintenance, no answer) nothing reaches the API: the key cannot be
/// validated, so nothing is kept.
public struct UnlockFlow: HeadlessFlow {
    public enum Outcome: Sendable, Hashable {
        case notSignedIn
        /// A demo session: its key is public, no PIN is needed.
        case demo
        /// A password session: the PIN is needed (the flow was run without one).
        case needsPin(SessionSummary)
        case unlocked
        /// The server is away or the PIN was refused: why.
        case failed(Failure)
    }

    private enum Step: Hashable, Sendable { case checking, restoring, unlocking }

    public private(set) var outcome: Outcome?
    public private(set) var allowsRequests = false

    private let pin: String?
    private var step = Step.checking
    private var checking = ServiceCheckStep()

    /// `pin`: nil to learn whether one is needed.
    public init(pin: String?) {
        self.pin = pin
    }

    public mutating func start() -> [Effect] { checking.start() }

    public mutating func handle(_ msg: Msg) -> [Effect] {
        switch checking.handle(msg) {
        case let .checked(check)?: return checked(check)
        case .ignored?: return []
        case nil: break
        }
        switch msg {
        case let .session(.sessionRestored(summary, _)) where step == .restoring:
            guard let summary else { return stop(.notSignedIn) }
            if summary.isDemo { return stop(.demo) }
            guard let pin else { return stop(.needsPin(summary)) }
            step = .unlocking
            return [.session(.unlock(pin: pin))]
        case let .session(.unlockFinished(result, _)) where step == .unlocking:
            switch result {
            case .unlocked: return stop(.unlocked)
            case let .failed(failure): return stop(.failed(failure))
            }
        default:
            return []
        }
    }

    public mutating func finished(_ effect: Effect) -> [Effect] { [] }

    private mutating func checked(_ check: ServiceCheckOutcome) -> [Effect] {
        guard step == .checking else { return [] }
        guard check == .available else { return stop(.failed(ShellAccess.closedReason(check))) }
        allowsRequests = true
        step = .restoring
        return [.session(.restoreSession)]
    }

    private mutating func stop(_ outcome: Outcome) -> [Effect] {
        self.outcome = outcome
        return []
    }
}
