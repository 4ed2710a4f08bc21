import PulpeDomain
import PulpeCore
import PulpeTerminal

/// The Main screen's arrangement (docs/product.md §2.7, §6): both panels side by side on a large terminal,
/// one at a time otherwise. Each panel adapts its own density to the rectangle it gets (a one-row
/// « Disponible » on short panels, fewer columns on narrow ones), so the layout only decides rectangles.
/// The numbers are the core's (`MainScreenLayout`), which counts the transaction rows from them.
public enum MainLayout {
    /// The year panel's widest and narrowest widths when side by side.
    public static let yearMinimumWidth = MainScreenLayout.yearMinimumWidth
    public static let yearMaximumWidth = MainScreenLayout.yearMaximumWidth

    /// The rows between the header and the status line.
    public static func body(for size: Size) -> Rect {
        Rect(x: 0, y: MainScreenLayout.headerRows, width: size.width, height: MainScreenLayout.bodyRows(size))
    }

    /// The panels for a terminal of `size` drawing into `body` (default: `body(for:)`); `focused` is the one
    /// shown when only one fits.
    public static func panels(for size: Size, in body: Rect? = nil, focused: MainPanel) -> MainPanels {
        let body = body ?? self.body(for: size)
        guard MainScreenLayout.isSideBySide(size) else { return .single(focused, body) }
        let split = body.splitHorizontal(right: MainScreenLayout.yearWidth(sharing: body.width))
        return .sideBySide(month: split.left, year: split.right)
    }
}
