/// The status check every shell flow that may ask the server starts with (decision 35): asked
/// once, with its own deadline (`ShellAccess.checkTimeout`, then « unreachable »); a late answer
/// changes nothing. Shared by `ShellGateSteps` (the writes), `SearchFlow` and `UnlockFlow`. Pure.
struct ServiceCheckStep: Hashable, Sendable {
    enum Progress: Hashable, Sendable {
        /// The check's answer, or « unreachable » when its deadline passed first.
        case checked(ServiceCheckOutcome)
        /// The check's message, but late or stale: nothing to do.
        case ignored
    }

    private var timers = TimerTable()
    private var answered = false
    private let timeout: Duration

    init(timeout: Duration = ShellAccess.checkTimeout) {
        self.timeout = timeout
    }

    mutating func start() -> [Effect] {
        [.availability(.checkService), .schedule(timers.arm(.checkDeadline), after: timeout)]
    }

    /// The check's part of `msg`; nil when the message is not the check's.
    mutating func handle(_ msg: Msg) -> Progress? {
        switch msg {
        case let .timerFired(token, _) where token.id == .checkDeadline:
            return timers.consume(token) ? answer(.unreachable) : .ignored
        case let .availability(.serviceChecked(outcome, _)):
            return answer(outcome)
        default:
            return nil
        }
    }

    private mutating func answer(_ outcome: ServiceCheckOutcome) -> Progress {
        guard !answered else { return .ignored }
        answered = true
        timers.cancel(.checkDeadline)
        return .checked(outcome)
    }
}
