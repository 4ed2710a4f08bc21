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
