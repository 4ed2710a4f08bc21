import PulpeTerminal

/// Where each section of a loaded month goes inside the panel's border.
///
/// The summary (« Disponible à dépenser » and the four figures) always comes first, because it is the
/// answer to « how am I doing ». Budget lines get at most two fifths of what is left, so the
/// transaction list — the only part that scrolls — keeps the larger share; below about eight rows
/// the lines give way entirely.
struct MonthPlan {
    /// Inside the border.
    let inner: Rect
    /// Inside the border minus one column of padding each side: where text goes.
    let content: Rect
    /// One row « Disponible … amount » instead of a label row and a large amount row.
    let isCompactSummary: Bool
    let summary: Rect
    /// The row of the « Prévisions » rule, when the lines are shown.
    let linesRuleY: Int?
    let linesArea: Rect
    /// The row of the « Transactions » rule.
    let listRuleY: Int?
    let listArea: Rect

    /// Inner heights from which the summary gets two rows for the amount and a blank row.
    static let fullSummaryMinimumHeight = 24

    init(inner: Rect, lineCount: Int) {
        self.inner = inner
        content = inner.inset(dx: 1, dy: 0)
        isCompactSummary = inner.height < Self.fullSummaryMinimumHeight
        let summaryRows = min(inner.height, isCompactSummary ? MonthSummaryView.compactRows : MonthSummaryView.fullRows)
        summary = Rect(x: content.x, y: inner.y, width: content.width, height: summaryRows)
        var y = inner.y + summaryRows
        let rest = inner.maxY - y
        if lineCount > 0 && rest >= 8 {
            let share = max(2, (rest - 2) * 2 / 5)
            let rows = min(lineCount, share)
            linesRuleY = y
            linesArea = Rect(x: content.x, y: y + 1, width: content.width, height: rows)
            y += rows + 1
        } else {
            linesRuleY = nil
            linesArea = .zero
        }
        if inner.maxY - y >= 2 {
            listRuleY = y
            // One column short of the content: the scroll bar goes in the right padding, a cell away from the amounts.
            listArea = Rect(x: content.x, y: y + 1, width: content.width - 1, height: inner.maxY - y - 1)
        } else {
            listRuleY = nil
            listArea = .zero
        }
    }
}
