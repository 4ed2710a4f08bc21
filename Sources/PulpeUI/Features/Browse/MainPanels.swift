import PulpeDomain
import PulpeCore
import PulpeTerminal

/// Where the panels go for a terminal size.
public enum MainPanels: Sendable, Hashable {
    /// Both on screen: the month on the left, the year on the right (`Tab` moves the focus).
    case sideBySide(month: Rect, year: Rect)
    /// One at a time (`Tab` switches which).
    case single(MainPanel, Rect)
}
