import PulpeDomain

/// The Main screen's arithmetic: which panels a terminal size shows, how tall they are, and so how
/// many transaction rows the month's list gets.
///
/// It lives in the core because scrolling needs it (`G` goes to the real last page, PgDn moves by what
/// fits) and the core must not wait for a frame to learn it; the views build their rectangles from
/// the same numbers (`MainLayout`, `MonthPlan`), so what the core scrolls and what is drawn cannot
/// disagree (decision 25).
public enum MainScreenLayout {
    /// From this terminal size the month and year panels share the screen.
    public static let sideBySideMinimum = Size(width: 120, height: 30)
    /// Header (title + rule) above the panels.
    public static let headerRows = 2
    /// Status line and footer below them.
    public static let footerRows = 2
    /// The year panel's width when side by side: four tiles of 12 cells plus border and padding, and a
    /// little more on wider terminals.
    public static let yearMinimumWidth = 50
    public static let yearMaximumWidth = 66
    /// The rows a panel's border takes (top and bottom).
    public static let borderRows = 2

    /// Whether both panels are on screen at `size`.
    public static func isSideBySide(_ size: Size) -> Bool {
        size.contains(sideBySideMinimum)
    }

    /// The rows between the header and the status line, where the panels go.
    public static func bodyRows(_ size: Size) -> Int {
        size.height - headerRows - footerRows
    }

    /// The year panel's width when the two panels share `columns`.
    public static func yearWidth(sharing columns: Int) -> Int {
        min(yearMaximumWidth, max(yearMinimumWidth, columns * 2 / 5))
    }

    /// How many transaction rows the month's list shows at `size`, with the focus on `focus` and a month
    /// of `lineCount` budget lines; 0 when no list is on screen (the year panel alone, a terminal too
    /// small, a panel too short for the « Transactions » section).
    public static func transactionRows(at size: Size, focus: PanelFocus, lineCount: Int) -> Int {
        guard !size.isBelowMinimum else { return 0 }
        let sideBySide = isSideBySide(size)
        guard sideBySide || focus == .month else { return 0 }
        let width = sideBySide ? size.width - yearWidth(sharing: size.width) : size.width
        return MonthPanelRows.transactionRows(panelWidth: width, panelHeight: bodyRows(size), lineCount: lineCount)
    }
}
