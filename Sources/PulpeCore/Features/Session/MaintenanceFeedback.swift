import PulpeDomain

/// The line under the maintenance text after a manual retry (the view says it).
public enum MaintenanceFeedback: Hashable, Sendable {
    case stillInMaintenance
    case connectionTrouble
}
