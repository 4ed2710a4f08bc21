/// How the rows inside a loaded month panel's border are shared, top to bottom: the summary, the
/// « Prévisions » rule and budget lines (when there is room), the « Transactions » rule and the list.
///
/// The summary (« Disponible à dépenser » and the four figures) always comes first, because it is the
/// answer to « how am I doing ». Budget lines get at most two fifths of what is left, so the
/// transaction list — the only part that scrolls — keeps the larger share; below about eight rows
/// the lines give way entirely. The core counts the list's rows with it, the view places the sections
/// with it.
public struct MonthPanelRows: Hashable, Sendable {
    /// Inner heights from which the summary gets two rows for the amount and a blank row.
    public static let fullSummaryMinimumHeight = 24
    /// Label row, amount row, blank row, two rows of figures.
    public static let fullSummaryRows = 5
    /// « Disponible … amount » on one row, two rows of figures.
    public static let compactSummaryRows = 3
    /// The compact summary adds the month at a glance under its figures when the budget lines can
    /// give it a row and keep at least this many: the transaction list never loses one for it.
    public static let compactGlanceLinesKept = 3
    /// The smallest panel a loaded month is drawn in (`MonthPanelView` draws nothing below).
    public static let minimumPanelWidth = 4
    public static let minimumPanelHeight = 3

    /// One row « Disponible … amount » instead of a label row and a large amount row.
    public let isCompactSummary: Bool
    public let summary: Int
    /// Budget line rows under the « Prévisions » rule; 0 when the section is left out.
    public let lines: Int
    /// Transaction rows under the « Transactions » rule; nil when the section is left out.
    public let list: Int?

    /// The sections for `innerHeight` rows inside the border and a month with `lineCount` budget lines.
    public init(innerHeight: Int, lineCount: Int) {
        isCompactSummary = innerHeight < Self.fullSummaryMinimumHeight
        var summary = min(innerHeight, isCompactSummary ? Self.compactSummaryRows : Self.fullSummaryRows)
        var rest = innerHeight - summary
        var lines = 0
        if lineCount > 0 && rest >= 8 {
            lines = min(lineCount, max(2, (rest - 2) * 2 / 5))
            rest -= lines + 1
            // The month at a glance, on a row the budget lines give up (an 80×24 terminal has it).
            if isCompactSummary, lines > Self.compactGlanceLinesKept {
                lines -= 1
                summary += 1
            }
        }
        self.summary = summary
        self.lines = lines
        list = rest >= 2 ? rest - 1 : nil
    }

    /// The list's rows in a loaded month panel of `panelWidth` × `panelHeight` (border included);
    /// 0 when the panel shows no list.
    public static func transactionRows(panelWidth: Int, panelHeight: Int, lineCount: Int) -> Int {
        guard panelWidth >= minimumPanelWidth, panelHeight >= minimumPanelHeight else { return 0 }
        return MonthPanelRows(innerHeight: panelHeight - MainScreenLayout.borderRows, lineCount: lineCount).list ?? 0
    }
}
