import PulpeCore
import PulpeTerminal

/// The two panels of the Main screen.
public enum MainPanel: Sendable, Hashable {
    case month
    case year
}
