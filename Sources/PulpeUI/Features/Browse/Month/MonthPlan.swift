import PulpeCore
import PulpeTerminal

/// Where each section of a loaded month goes inside the panel's border: the rectangles of the row
/// counts `MonthPanelRows` decides — the same counts the core scrolls the transaction list by.
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

    init(inner: Rect, lineCount: Int) {
        self.inner = inner
        content = inner.inset(dx: 1, dy: 0)
        let rows = MonthPanelRows(innerHeight: inner.height, lineCount: lineCount)
        isCompactSummary = rows.isCompactSummary
        summary = Rect(x: content.x, y: inner.y, width: content.width, height: rows.summary)
        var y = inner.y + rows.summary
        if rows.lines > 0 {
            linesRuleY = y
            linesArea = Rect(x: content.x, y: y + 1, width: content.width, height: rows.lines)
            y += rows.lines + 1
        } else {
            linesRuleY = nil
            linesArea = .zero
        }
        if let listRows = rows.list {
            listRuleY = y
            // One column short of the content: the scroll bar goes in the right padding, a cell away from the amounts.
            listArea = Rect(x: content.x, y: y + 1, width: content.width - 1, height: listRows)
        } else {
            listRuleY = nil
            listArea = .zero
        }
    }
}
