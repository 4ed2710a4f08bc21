import PulpeCore

/// The gate of decision 35 for the write verbs (`pulpe check`, `pulpe line …`), by the rule
/// `pulpe add`'s flow follows too (`ShellAccess`): the status check first, then the session —
/// restored with the server when the gate is open, the saved one when it is closed.
struct ShellGate: Sendable {
    typealias Stop = ShellAccess.Stop

    static var checkTimeout: Duration { ShellAccess.checkTimeout }

    /// The server may be asked.
    let isOpen: Bool
    /// What the status check said (why a write is only stored when closed).
    let check: ServiceCheckOutcome

    /// Why a stored write was not sent, when the gate is closed.
    var closedReason: Failure { ShellAccess.closedReason(check) }

    static func pass(_ services: ServiceSet) async -> Result<ShellGate, Stop> {
        let check = await withTimeout(checkTimeout) { await services.availability.checkService() } ?? .unreachable
        let open = check == .available
        let session = open ? await services.sessions.restoreSession() : await services.sessions.offlineSession()
        if let stop = ShellAccess.stop(gateOpen: open, session: session) { return .failure(stop) }
        return .success(ShellGate(isOpen: open, check: check))
    }
}
