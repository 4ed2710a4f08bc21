/// Is the service there? (decision 35). The status check, and the two signals the root state
/// machine follows wherever the user is.
public enum AvailabilityCommand: Hashable, Sendable, CustomStringConvertible {
    /// `GET /maintenance/status` → `.serviceChecked`.
    case checkService

    /// The check itself is what opens the gate: it always passes.
    func throughClosedGate() -> Self? { self }

    public var description: String { "checkService" }
}

public enum AvailabilityEvent: Hashable, Sendable {
    /// The answer to `GET /maintenance/status`.
    case serviceChecked(ServiceCheckOutcome, at: AppTime)
    /// The network came back (`false`) or went away (`true`), as the connectivity monitor saw it.
    case connectivityChanged(offline: Bool)
    /// Some API call answered 503 + `MAINTENANCE`, wherever the user was.
    case maintenanceDetected(message: String?, at: AppTime)

    var time: AppTime? {
        switch self {
        case let .serviceChecked(_, at), let .maintenanceDetected(_, at): at
        case .connectivityChanged: nil
        }
    }
}
