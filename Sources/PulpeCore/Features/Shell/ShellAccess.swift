/// The gate of decision 35 as a shell command meets it, one rule for every write (`pulpe add`'s
/// `QuickAddFlow`, the verbs' `ChangeFlow`): the status check first, with its own short budget;
/// open, the session restored with the server must be usable (the kept key not refused, no PIN
/// needed); closed — maintenance or no answer —, the saved session must need no PIN, and only the
/// outbox is written. Pure.
public enum ShellAccess {
    /// Why a shell write stops before storing anything.
    public enum Stop: Error, Sendable, Hashable {
        case notSignedIn
        case locked
        /// The kept key was refused (the PIN was changed elsewhere).
        case keyChanged
    }

    /// How long the status check may take before a write is stored and left to wait (`--wait 0`
    /// means « do not wait for the send », not « do not ask whether the server is there »).
    public static let checkTimeout: Duration = .seconds(3)

    /// What stops a write with this session, nil when it may go on. `gateOpen`: the check said
    /// available, and `session` is the one restored with the server; else the saved one.
    public static func stop(gateOpen: Bool, session: SessionSummary?) -> Stop? {
        guard let session else { return .notSignedIn }
        if gateOpen, session.keyWasRefused { return .keyChanged }
        if gateOpen, session.isUnlocked { return nil }
        return session.needsNoPin ? nil : .locked
    }

    /// Why a stored write was not sent while the gate is closed.
    public static func closedReason(_ check: ServiceCheckOutcome) -> Failure {
        switch check {
        case .maintenance: .maintenance
        case .unreachable: .unreachable
        case .proxyRefused: .proxyRefused
        case .available, .failed: .serverError
        }
    }
}
