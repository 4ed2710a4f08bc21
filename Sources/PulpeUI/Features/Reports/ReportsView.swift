import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal

/// « Rapports » (`V`, issue 61), over the whole screen: each month's result as bars (a deficit
/// hangs below the zero line in another glyph, so it reads without colour), the balance the
/// rollover carries as a sparkline under them, where the month and the year land at this pace,
/// then planned against actual by prévision, tag or kind with the overrun, the months over and a
/// sparkline of what was spent. Unicode eighths or ASCII; colour optional.
enum ReportsView {
    static let bindings: [KeyBinding] = [
        KeyBinding([.right, .char("l")], .reports(.widen), "Plus de mois", scope: .reports),
        KeyBinding([.left, .char("h")], .reports(.narrow), "Moins de mois", scope: .reports),
        KeyBinding([.tab], .reports(.nextAxis), "Prévision/tag/type", scope: .reports),
        KeyBinding([.up, .char("k")], .reports(.moveUp), "Monter", scope: .reports, inFooter: false),
        KeyBinding([.down, .char("j")], .reports(.moveDown), "Descendre", scope: .reports, inFooter: false),
        KeyBinding([.escape, .char("V"), .char("q")], .app(.closeOverlay), "Fermer", scope: .reports),
    ]

    /// Sparkline levels, lowest first.
    static let unicodeLevels = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let asciiLevels = ["_", ".", "-", "=", "#"]

    static func draw(_ screen: ReportsScreen, state: AppState, into painter: inout Painter) {
        let bounds = painter.bounds
        guard bounds.width >= 20, bounds.height >= 8 else { return }
        painter.fill(bounds)
        let window = screen.window
        let span = "\(FrenchMonths.shortName(window[0].month)) \(window[0].year) – \(FrenchMonths.shortName(screen.end.month)) \(screen.end.year)"
        painter.box(bounds, style: Style(role: .accent), title: "Rapports · \(span) · \(screen.months) mois")
        let inner = Rect(x: 2, y: 1, width: bounds.width - 4, height: bounds.height - 2)
        let keys = "←→ Durée   Tab \(axisWord(screen.axis))   ↑↓ Défiler   Échap Fermer"
        painter.text(painter.fitted(painter.unicode ? keys : keys.replacingOccurrences(of: "←→", with: "<>")
                                        .replacingOccurrences(of: "↑↓", with: "^v"), width: inner.width),
                     x: inner.x, y: inner.maxY - 1, style: Style(role: .muted), clip: inner)
        guard let figures = screen.figures else {
            painter.text("Chargement…", x: inner.x, y: inner.y, style: Style(role: .muted), clip: inner)
            return
        }
        let money = PanelMoney(currency: state.shownHome?.settings.value?.currency ?? .chf,
                               isPrivate: state.shownHome?.browse?.isPrivate ?? false)
        let byMonth = Dictionary(figures.flow.map { ($0.month, $0) }, uniquingKeysWith: { first, _ in first })
        // The months that fit, the latest kept.
        let shown = Array(window.suffix(max(1, inner.width - 10)))
        let slot = max(1, min(6, (inner.width - 10) / shown.count))
        let chartRows = max(2, min(8, (inner.height - 10) / 3))
        var y = inner.y
        if let last = byMonth[screen.end] {
            let balance = "Solde \(money.amount(last.balance))"
            let width = painter.shownWidth(balance)
            painter.text(balance, x: inner.maxX - width, y: y, style: Style(role: last.balance < 0 ? .negative : .normal, bold: true))
        }
        painter.text("Résultat par mois", x: inner.x, y: y, style: Style(role: .muted), clip: inner)
        y += 1
        drawBars(shown.map { byMonth[$0]?.result }, slot: slot, rows: chartRows, x: inner.x + 10, y: y, into: &painter)
        drawScaleLabels(shown.compactMap { byMonth[$0]?.result }, money: money, x: inner.x, y: y, rows: chartRows, into: &painter)
        y += chartRows
        drawMonthLabels(shown, slot: slot, x: inner.x + 10, y: y, into: &painter)
        y += 1
        painter.text("Solde", x: inner.x, y: y, style: Style(role: .muted), clip: inner)
        let balances = shown.map { byMonth[$0]?.balance }
        painter.text(sparkline(balances, slot: slot, unicode: painter.unicode), x: inner.x + 10, y: y, style: Style(role: .accent), clip: inner)
        y += 1
        if let current = figures.forecast.months.first, let closing = figures.forecast.closing(ofYear: current.month.year) {
            let short = "À ce rythme : fin \(FrenchMonths.lowercaseName(current.month.month)) \(money.amount(current.projected))"
                + " · fin \(current.month.year) \(money.amount(closing.projected))"
            let long = short + " (prévu \(money.amount(closing.available)))"
            let line = painter.shownWidth(long) <= inner.width ? long : short
            painter.text(painter.fitted(line, width: inner.width), x: inner.x, y: y,
                         style: Style(role: current.projected < 0 ? .negative : .normal), clip: inner)
        }
        y += 2
        guard let report = figures.reports[screen.axis] else { return }
        drawTable(report, window: window, spark: Array(window.suffix(12)), screen: screen, money: money,
                  in: Rect(x: inner.x, y: y, width: inner.width, height: max(0, inner.maxY - 2 - y)), into: &painter)
    }

    /// One bar per month of its result, on one scale; a month without a budget left blank.
    private static func drawBars(_ values: [Decimal?], slot: Int, rows: Int, x: Int, y: Int, into painter: inout Painter) {
        let scale = YearBarChart.Scale(values: values.compactMap { $0 }, rows: rows)
        let width = slot >= 3 ? slot - 1 : 1
        for (index, value) in values.enumerated() {
            guard let value else { continue }
            YearBarChart.drawBar(value, scale: scale, x: x + index * slot, width: width, top: y, into: &painter)
        }
    }

    /// The largest result at the top of the bars, the deepest deficit at the bottom.
    private static func drawScaleLabels(_ values: [Decimal], money: PanelMoney, x: Int, y: Int, rows: Int, into painter: inout Painter) {
        guard let top = values.max(), let bottom = values.min() else { return }
        if top > 0 { painter.column(money.number(top.rounded(0)), x: x, y: y, width: 9, alignment: .right, style: Style(role: .muted)) }
        if bottom < 0 {
            painter.column(money.number(bottom.rounded(0)), x: x, y: y + rows - 1, width: 9, alignment: .right, style: Style(role: .muted))
        }
    }

    /// Each month's initial when there is room, else the year's two digits under each January.
    private static func drawMonthLabels(_ months: [BudgetMonth], slot: Int, x: Int, y: Int, into painter: inout Painter) {
        let width = slot >= 3 ? slot - 1 : 1
        let sparse = months.count > 24
        let names = months.allSatisfy { painter.shownWidth(FrenchMonths.shortName($0.month)) <= width }
        for (index, month) in months.enumerated() {
            let label: String
            if sparse {
                guard month.month == 1 else { continue }
                label = String(format: "%02d", month.year % 100)
            } else {
                label = names ? FrenchMonths.shortName(month.month) : String(FrenchMonths.shortName(month.month).prefix(1))
            }
            painter.text(painter.fitted(label, width: sparse ? 2 : width), x: x + index * slot, y: y, style: Style(role: .muted))
        }
    }

    /// `values` from their lowest (or zero, `fromZero`: amounts spent) to their highest, `slot` cells
    /// each; a month without a figure blank.
    static func sparkline(_ values: [Decimal?], slot: Int, unicode: Bool, fromZero: Bool = false) -> String {
        let levels = unicode ? unicodeLevels : asciiLevels
        let known = values.compactMap { $0 }
        guard let lowest = known.min(), let high = known.max() else { return "" }
        let low = fromZero ? min(0, lowest) : lowest
        let width = slot >= 3 ? slot - 1 : 1
        return values.map { value -> String in
            guard let value else { return String(repeating: " ", count: slot) }
            let ratio = high == low ? (high == 0 ? 0 : 0.5) : DisplayRatio.of(value - low, over: high - low)
            let level = levels[min(levels.count - 1, max(0, Int((ratio * Double(levels.count - 1)).rounded())))]
            return String(repeating: level, count: width) + String(repeating: " ", count: slot - width)
        }.joined()
    }

    /// Planned against actual over the window, one row per key: the overrun and the months over, a
    /// sparkline of the last months' actual.
    private static func drawTable(_ report: BudgetReport, window: [BudgetMonth], spark: [BudgetMonth], screen: ReportsScreen,
                                  money: PanelMoney, in area: Rect, into painter: inout Painter) {
        guard area.height >= 2 else { return }
        let kinds: [TransactionKind?] = [.income, .expense, .saving, nil]
        let rows = kinds.flatMap { kind in
            report.rows.filter { row in
                row.kind == kind && window.contains { row.planned[$0] != nil || row.actual[$0] != nil }
            }
        }
        let figure = 12
        let sparkWidth = area.width >= 100 ? spark.count : 0
        let nameWidth = max(8, area.width - 4 * (figure + 1) - (sparkWidth > 0 ? sparkWidth + 1 : 0))
        let muted = Style(role: .muted)
        painter.column(axisTitle(screen.axis), x: area.x, y: area.y, width: nameWidth - 1, style: muted)
        for (index, title) in ["Prévu", "Réel", "Dépassé", "Mois"].enumerated() {
            painter.column(title, x: area.x + nameWidth + index * (figure + 1), y: area.y, width: figure, alignment: .right, style: muted)
        }
        if sparkWidth > 0 { painter.column("\(spark.count) mois", x: area.x + nameWidth + 4 * (figure + 1) + 1, y: area.y, width: sparkWidth, style: muted) }
        guard !rows.isEmpty else {
            painter.text("Rien à montrer sur ces mois", x: area.x, y: area.y + 1, style: Style(role: .muted), clip: area)
            return
        }
        let room = area.height - 1
        let first = min(screen.scroll, max(0, rows.count - room))
        for (offset, row) in rows.dropFirst(first).prefix(room).enumerated() {
            let y = area.y + 1 + offset
            let planned = window.reduce(Decimal(0)) { $0 + (row.planned[$1] ?? 0) }
            let actual = window.reduce(Decimal(0)) { $0 + (row.actual[$1] ?? 0) }
            let over = window.reduce(Decimal(0)) { $0 + row.overrun(in: $1) }
            let monthsOver = row.monthsOver(window).count
            var x = area.x
            x += painter.text(painter.fitted(row.key, width: nameWidth - 1) + " ", x: x, y: y, style: Style(role: .normal), clip: area)
            x = area.x + nameWidth
            painter.column(money.number(planned), x: x, y: y, width: figure, alignment: .right, style: Style(role: .normal))
            painter.column(money.number(actual), x: x + figure + 1, y: y, width: figure, alignment: .right, style: Style(role: .normal))
            if over > 0 {
                painter.column(money.number(over), x: x + 2 * (figure + 1), y: y, width: figure, alignment: .right, style: Style(role: .negative))
                painter.column("\(monthsOver)/\(window.count)", x: x + 3 * (figure + 1), y: y, width: figure, alignment: .right,
                               style: Style(role: .negative))
            }
            if sparkWidth > 0 {
                let line = sparkline(spark.map { row.actual[$0] ?? 0 }, slot: 1, unicode: painter.unicode, fromZero: true)
                painter.text(line, x: x + 4 * (figure + 1) + 1, y: y, style: Style(role: over > 0 ? .negative : .positive), clip: area)
            }
        }
        if rows.count > room {
            let more = "\(first + 1)–\(min(rows.count, first + room)) / \(rows.count)"
            painter.column(more, x: area.x, y: area.maxY, width: area.width, alignment: .right, style: Style(role: .muted))
        }
    }

    static func axisWord(_ axis: ReportAxis) -> String {
        switch axis {
        case .line: "Par tag"
        case .tag: "Par type"
        case .kind: "Par prévision"
        }
    }

    static func axisTitle(_ axis: ReportAxis) -> String {
        switch axis {
        case .line: "Prévision"
        case .tag: "Tag"
        case .kind: "Type"
        }
    }

}

private extension Decimal {
    /// Rounded to `places` decimals, half away from zero (a chart's scale label).
    func rounded(_ places: Int) -> Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, places, .plain)
        return result
    }
}
