import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal

/// `H`: a tag's planned against actual, one row per month — the actual as a bar, the planned as a
/// mark on the same scale (over it: the bar turns « négatif »), the figures at the right; the
/// totals, the monthly average and the share of the planned underneath.
enum TagChartOverlay {
    static func draw(_ chart: TagChart, state: AppState, into painter: inout Painter) {
        let bounds = painter.bounds
        let rows = chart.months
        let width = min(bounds.width - 2, 78)
        let height = min(bounds.height - 2, rows + 7)
        let box = Rect(x: (bounds.width - width) / 2, y: (bounds.height - height) / 2, width: width, height: height)
        painter.fill(box)
        painter.box(box, style: Style(role: .accent), title: "#\(chart.tag.name) · \(chart.months) mois")
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: max(0, box.width - 4), height: max(0, box.height - 2))
        let keys = "←→  Durée" + (chart.tags.count > 1 ? "   t  Tag suivant" : "") + "   Échap  Fermer"
        painter.text(painter.fitted(keys, width: inner.width), x: inner.x, y: inner.maxY - 1, style: Style(role: .muted), clip: inner)
        guard let history = chart.history else {
            painter.text("Chargement…", x: inner.x, y: inner.y, style: Style(role: .muted), clip: inner)
            return
        }
        let money = PanelMoney(currency: state.currency, isPrivate: state.shownHome?.browse?.isPrivate ?? false)
        let figures = history.periods.map { (money.number($0.actualAmount), money.number($0.plannedAmount)) }
        let figureWidth = max(8, figures.flatMap { [painter.shownWidth($0.0), painter.shownWidth($0.1)] }.max() ?? 0)
        let labelWidth = 9
        let barWidth = max(4, inner.width - labelWidth - 2 * figureWidth - 5)
        let scale = history.periods.map { max($0.actualAmount, $0.plannedAmount) }.max() ?? 0
        let full: Character = painter.unicode ? "█" : "#"
        let mark: Character = painter.unicode ? "│" : "|"
        painter.text(painter.fitted(String(repeating: " ", count: labelWidth + barWidth + 2), width: inner.width)
                     + pad("Dépensé", figureWidth) + " " + pad("Prévu", figureWidth),
                     x: inner.x, y: inner.y, style: Style(role: .muted), clip: inner)
        let listHeight = max(0, inner.height - 4)
        // The latest months when the window is taller than the screen.
        let shown = Array(history.periods.suffix(listHeight))
        for (row, period) in shown.enumerated() {
            let y = inner.y + 1 + row
            let label = "\(FrenchMonths.shortName(period.month)) \(String(period.year % 100))"
            painter.text(pad(label, labelWidth, left: true), x: inner.x, y: y, style: Style(role: .muted), clip: inner)
            let length = cells(period.actualAmount, of: scale, width: barWidth)
            let plannedAt = period.plannedAmount > 0 ? min(barWidth - 1, max(0, cells(period.plannedAmount, of: scale, width: barWidth) - 1)) : nil
            var bar = Array(String(repeating: full, count: length) + String(repeating: " ", count: barWidth - length))
            if let plannedAt, plannedAt >= length { bar[plannedAt] = mark }
            let over = period.plannedAmount > 0 && period.actualAmount > period.plannedAmount
            painter.text(String(bar), x: inner.x + labelWidth, y: y, style: Style(role: over ? .negative : .positive), clip: inner)
            let figuresX = inner.x + labelWidth + barWidth + 2
            painter.text(pad(money.number(period.actualAmount), figureWidth) + " " + pad(money.number(period.plannedAmount), figureWidth),
                         x: figuresX, y: y, style: Style(role: .normal), clip: inner)
        }
        let percent = money.isPrivate ? "" : history.actualToPlannedPercent.map { " · \(NSDecimalNumber(decimal: $0).intValue) % du prévu" } ?? ""
        let totals = "Dépensé \(money.amount(history.totalActual)) sur \(money.number(history.totalPlanned)) prévus · "
            + "\(money.number(history.monthlyAverageActual)) par mois" + percent
        painter.text(painter.fitted(totals, width: inner.width), x: inner.x, y: inner.maxY - 3, style: Style(role: .normal), clip: inner)
        if !chart.fromServer {
            painter.text(painter.fitted("Calculé depuis les données gardées ici (serveur injoignable)", width: inner.width),
                         x: inner.x, y: inner.maxY - 2, style: Style(role: .warning), clip: inner)
        }
    }

    /// `amount` on a bar of `width` cells where `scale` fills it (at least one cell when above zero).
    static func cells(_ amount: Decimal, of scale: Decimal, width: Int) -> Int {
        guard scale > 0, amount > 0 else { return 0 }
        let exact = NSDecimalNumber(decimal: amount * Decimal(width) / scale).intValue
        return min(width, max(1, exact))
    }

    private static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let gap = max(0, width - text.count)
        return left ? text + String(repeating: " ", count: gap) : String(repeating: " ", count: gap) + text
    }
}
