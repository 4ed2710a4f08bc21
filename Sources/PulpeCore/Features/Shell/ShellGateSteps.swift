/// The first two steps of every shell write (`QuickAddFlow`, `ChangeFlow`): the status check, with
/// its own deadline (`ShellAccess.checkTimeout`, then « unreachable »), and the session — restored
/// with the server when the check opened the gate, the saved one when it did not — judged by
/// `ShellAccess.stop`. Pure; a flow hands it every message first.
struct ShellGateSteps: Hashable, Sendable {
    /// Where the gate stands after a message.
    enum Progress: Hashable, Sendable {
        /// Still checking or signing in: run these.
        case waiting([Effect])
        /// The session may write: the flow's own steps begin.
        case passed
        /// Nothing may be written, for this reason.
        case stopped(ShellAccess.Stop)
    }

    private enum Phase: Hashable, Sendable { case checking, signingIn, done }

    /// What the status check said (unreachable until it answers).
    private(set) var check = ServiceCheckOutcome.unreachable
    /// The check said available: the API may be asked.
    private(set) var isOpen = false
    private var phase = Phase.checking
    /// The check, with its deadline: a write's own short budget, or a read's whole deadline.
    private var checking: ServiceCheckStep

    init(checkTimeout: Duration = ShellAccess.checkTimeout) {
        checking = ServiceCheckStep(timeout: checkTimeout)
    }

    /// Why a stored write was not sent while the gate is closed.
    var closedReason: Failure { ShellAccess.closedReason(check) }

    mutating func start() -> [Effect] { checking.start() }

    /// The gate's part of `msg`, nil when the message is not the gate's.
    mutating func handle(_ msg: Msg) -> Progress? {
        switch checking.handle(msg) {
        case let .checked(outcome)?: return checked(outcome)
        case .ignored?: return .waiting([])
        case nil: break
        }
        switch msg {
        case let .session(.sessionRestored(summary, _)) where phase == .signingIn && isOpen,
             let .session(.offlineDataChecked(summary)) where phase == .signingIn && !isOpen:
            phase = .done
            return ShellAccess.stop(gateOpen: isOpen, session: summary).map(Progress.stopped) ?? .passed
        default:
            return nil
        }
    }

    /// The check's answer (or its deadline): the gate opens only on « available »; a late answer
    /// changes nothing.
    private mutating func checked(_ outcome: ServiceCheckOutcome) -> Progress {
        guard phase == .checking else { return .waiting([]) }
        check = outcome
        isOpen = outcome == .available
        phase = .signingIn
        return .waiting([isOpen ? .session(.restoreSession) : .session(.checkOfflineData)])
    }
}
