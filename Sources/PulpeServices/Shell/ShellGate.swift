import PulpeCore

/// The gate of decision 35 from the shell, shared by every write (`pulpe add`, the verbs): the
/// status check first, with its own short budget (`--wait 0` means « do not wait for the send »,
/// not « do not ask whether the server is there »); open, the session is restored with the server
/// (the kept key checked); closed — maintenance or no answer —, the saved session must need no PIN
/// and nothing but the outbox is written: no request reaches the API.
struct ShellGate: Sendable {
    enum Stop: Error, Sendable, Hashable {
        case notSignedIn
        case locked
        case keyChanged
    }

    static let checkTimeout: Duration = .seconds(3)

    /// The server may be asked.
    let isOpen: Bool
    /// What the status check said (why a write is only stored when closed).
    let check: ServiceCheckOutcome

    /// Why a stored write was not sent, when the gate is closed.
    var closedReason: Failure {
        switch check {
        case .maintenance: .maintenance
        case .unreachable: .unreachable
        case .available, .failed: .serverError
        }
    }

    static func pass(_ services: ServiceSet) async -> Result<ShellGate, Stop> {
        let check = await withTimeout(checkTimeout) { await services.availability.checkService() } ?? .unreachable
        let open = check == .available
        if open {
            guard let session = await services.sessions.restoreSession() else { return .failure(.notSignedIn) }
            if session.keyWasRefused { return .failure(.keyChanged) }
            guard session.isUnlocked || session.needsNoPin else { return .failure(.locked) }
        } else {
            guard let saved = await services.sessions.offlineSession() else { return .failure(.notSignedIn) }
            guard saved.needsNoPin else { return .failure(.locked) }
        }
        return .success(ShellGate(isOpen: open, check: check))
    }
}
