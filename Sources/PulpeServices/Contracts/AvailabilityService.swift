import PulpeCore

/// Is the service there? Start-up step 1 and the two signals the root state machine follows
/// wherever the user is. One concern, so a command that only needs to know whether the server
/// answers (`pulpe status`) depends on nothing else.
public protocol AvailabilityService: Sendable {
    /// `GET /maintenance/status`, classified (available, maintenance, transport failure, other
    /// failure: fail-closed).
    func checkService() async -> ServiceCheckOutcome
    /// Every 503 + `MAINTENANCE` answer from any request (except the status probe), with the
    /// server's message.
    var maintenanceSignals: AsyncStream<String?> { get }
    /// `true` when requests stop reaching the server, `false` when they reach it again.
    var offlineChanges: AsyncStream<Bool> { get }
}
