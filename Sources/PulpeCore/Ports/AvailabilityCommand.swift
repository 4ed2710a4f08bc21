/// Is the service there? (decision 35). The status check, and the two signals the root state
/// machine follows wherever the user is.
public enum AvailabilityCommand: Hashable, Sendable, CustomStringConvertible {
    /// `GET /maintenance/status` → `.serviceChecked`.
    case checkService

    /// The check itself is what opens the gate: it always passes.
    func throughClosedGate() -> Self? { self }

    public var description: String { "checkService" }
}
