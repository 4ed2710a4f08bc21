import PulpeTerminal

/// The two panels of the Main screen.
public enum MainPanel: Sendable, Hashable {
    case month
    case year
}

/// Where the panels go for a terminal size.
public enum MainPanels: Sendable, Hashable {
    /// Both on screen: the month on the left, the year on the right (`Tab` moves the focus).
    case sideBySide(month: Rect, year: Rect)
    /// One at a time (`Tab` switches which).
    case single(MainPanel, Rect)
}

/// The Main screen's arrangement (product.md §2.7, §6): both panels side by side on a large terminal,
/// one at a time otherwise. Each panel adapts its own density to the rectangle it gets (a one-row
/// « Disponible » on short panels, fewer columns on narrow ones), so the layout only decides rectangles.
public enum MainLayout {
    /// From this terminal size the month and year panels share the screen.
    public static let sideBySideMinimum = Size(width: 120, height: 30)
    /// Header (title + rule) above the panels, status line and footer below.
    public static let headerRows = 2
    public static let footerRows = 2
    /// The year panel's width when side by side: four tiles of 12 cells plus border and padding, and a
    /// little more on wider terminals.
    public static let yearMinimumWidth = 50
    public static let yearMaximumWidth = 66

    /// The rows between the header and the status line.
    public static func body(for size: Size) -> Rect {
        Rect(x: 0, y: headerRows, width: size.width, height: size.height - headerRows - footerRows)
    }

    /// The panels for a terminal of `size` drawing into `body` (default: `body(for:)`); `focused` is the one
    /// shown when only one fits.
    public static func panels(for size: Size, in body: Rect? = nil, focused: MainPanel) -> MainPanels {
        let body = body ?? self.body(for: size)
        guard size.contains(sideBySideMinimum) else { return .single(focused, body) }
        let yearWidth = min(yearMaximumWidth, max(yearMinimumWidth, body.width * 2 / 5))
        let split = body.splitHorizontal(right: yearWidth)
        return .sideBySide(month: split.left, year: split.right)
    }
}
