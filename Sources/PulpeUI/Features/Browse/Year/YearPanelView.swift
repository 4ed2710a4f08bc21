import Foundation
import PulpeDomain
import PulpeTerminal

/// The « Année » panel (docs/product.md §2.7): the 12 months as a grid, the year's closing balance, and
/// a bar chart of what remains at the end of each month. Pure: `YearPanelModel` to cells in `rect`.
public enum YearPanelView {
    @discardableResult
    public static func draw(_ model: YearPanelModel, in rect: Rect, into painter: inout Painter) -> YearPanelLayout {
        guard rect.width >= 4, rect.height >= 3 else { return .none }
        guard case .loaded = model.data else {
            PlaceholderView.draw(in: rect, title: model.title, into: &painter)
            return .none
        }
        let inner = PanelFrame.draw(in: rect, title: model.title, focused: model.isFocused, into: &painter)
        let content = inner.inset(dx: 1, dy: 0)
        let money = PanelMoney(currency: model.currency, isPrivate: model.isPrivate)
        let remaining = model.remainingByMonth

        // Breathing room between grid rows (and above the grid) only when the panel is tall enough.
        let gap = inner.height >= 16 ? 1 : 0
        let topPadding = inner.height >= 20 ? 1 : 0
        let grid = Rect(x: content.x, y: inner.y + topPadding, width: content.width, height: YearGridView.height(gap: gap))
            .intersection(inner)
        let cells = YearGridView.draw(model, remaining: remaining, money: money, in: grid, gap: gap, into: &painter)

        let closingY = grid.maxY + 1
        if closingY < inner.maxY {
            drawClosing(model, money: money, in: Rect(x: content.x, y: closingY, width: content.width, height: 1), into: &painter)
        }
        var ruleY = closingY + 1
        // « À ce rythme » under the closing balance, where the chart keeps eight rows after it.
        if let yearEnd = model.yearEnd, inner.maxY - ruleY >= 10 {
            drawYearEnd(yearEnd, money: money, in: Rect(x: content.x, y: ruleY, width: content.width, height: 1), into: &painter)
            ruleY += 1
        }
        if inner.maxY - ruleY >= 4 {
            PanelFrame.rule(across: rect, y: ruleY, title: "Reste par mois", focused: model.isFocused, into: &painter)
            let chart = Rect(x: content.x, y: ruleY + 1, width: content.width, height: inner.maxY - ruleY - 1)
            YearBarChart.draw(model, remaining: remaining, in: chart, into: &painter)
        }
        return YearPanelLayout(monthCells: cells)
    }

    /// « À ce rythme, fin décembre ……… 3’104.20 CHF »: the year's end at the current month's pace.
    private static func drawYearEnd(_ yearEnd: Forecast.Month, money: PanelMoney, in row: Rect, into painter: inout Painter) {
        let amount = money.amount(yearEnd.projected)
        let amountWidth = min(row.width, painter.shownWidth(amount))
        painter.column("À ce rythme, fin décembre", x: row.x, y: row.y, width: max(0, row.width - amountWidth - 1), style: .muted)
        painter.column(amount, x: row.maxX - amountWidth, y: row.y, width: amountWidth, alignment: .right,
                       style: Style(role: yearEnd.projected < 0 ? .negative : .normal))
    }

    /// « Solde de fin d'année (fin novembre) ……… 3’210.45 CHF »: the remaining of the latest budgeted
    /// month, which is the cumulative balance, not a sum of the year's months.
    private static func drawClosing(_ model: YearPanelModel, money: PanelMoney, in row: Rect, into painter: inout Painter) {
        let amount: String
        let style: Style
        var label = "Solde de fin d'année"
        if let balance = model.closingBalance {
            amount = money.amount(balance)
            style = Style(role: balance < 0 ? .negative : .normal, bold: true)
            if let month = model.closingMonth { label += " (fin \(FrenchMonths.lowercaseName(month)))" }
        } else {
            amount = "\u{2014}"
            style = .muted
        }
        let amountWidth = min(row.width, painter.shownWidth(amount))
        let labelRoom = row.width - amountWidth - 1
        if painter.shownWidth(label) > labelRoom { label = "Solde de fin d'année" }
        painter.column(label, x: row.x, y: row.y, width: max(0, labelRoom), style: .muted)
        painter.column(amount, x: row.maxX - amountWidth, y: row.y, width: amountWidth, alignment: .right, style: style)
    }
}
