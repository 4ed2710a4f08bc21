import Foundation
import PulpeDomain
import PulpeTerminal

/// The budget lines (« prévisions ») of a month, grouped by kind — income, then expenses, then
/// savings — each with a bar of how much of its envelope the allocated transactions use.
///
/// An expense or saving line that is over its plan has its whole bar in the negative colour and the
/// overage written after it (« +188.00 »); an income line over plan is good news and stays green.
public enum BudgetLinesView {
    /// The order of the groups, with their labels.
    public static let groups: [(kind: TransactionKind, label: String)] = [
        (.income, "Revenus"), (.expense, "Dépenses"), (.saving, "Épargne"),
    ]

    /// The lines in group order (stable within a group), with their consumption.
    public static func ordered(_ details: BudgetDetails) -> [(line: BudgetLine, consumption: LineConsumption)] {
        let pairs = Array(zip(details.budgetLines, details.lineConsumptions))
        return groups.flatMap { group in pairs.filter { $0.0.kind == group.kind }.map { (line: $0.0, consumption: $0.1) } }
    }

    /// `order`: the indices of the lines listed, in order (nil: every line, in group order).
    static func draw(_ details: BudgetDetails, order: [Int]? = nil, money: PanelMoney, in area: Rect, selected: Int? = nil,
                     into painter: inout Painter) {
        guard area.height > 0, area.width > 0 else { return }
        let rows = order.map { indices in
            indices.map { (line: details.budgetLines[$0], consumption: details.lineConsumptions[$0]) }
        } ?? ordered(details)
        if rows.isEmpty, !details.budgetLines.isEmpty {
            painter.column("Aucune prévision pour ce filtre", x: area.x, y: area.y, width: area.width, style: .muted)
            return
        }
        let showsConsumed = area.width >= BudgetLineColumns.consumedMinimumWidth
        let amounts = amountTexts(rows.map(\.consumption), money: money, showsConsumed: showsConsumed, painter: painter)
        let overs = rows.map { $0.consumption.isOver ? "+" + money.number($0.consumption.overage) : "" }
        let amountWidth = amounts.map(painter.shownWidth).max() ?? 0
        let overWidth = overs.map(painter.shownWidth).max().map { $0 > 0 ? $0 + 1 : 0 } ?? 0
        let columns = BudgetLineColumns(width: area.width, amountWidth: amountWidth, overWidth: overWidth)

        // When the lines do not fit, the last row says how many are hidden rather than cutting silently.
        let fits = rows.count <= area.height
        let shown = fits ? rows.count : max(0, area.height - 1)
        // A selected line past what fits scrolls the window so it shows.
        let first = selected.map { max(0, min($0 - shown + 1, rows.count - shown)) } ?? 0
        for (slot, index) in (first..<min(rows.count, first + shown)).enumerated() {
            let row = rows[index]
            let isFirstOfGroup = slot == 0 || rows[index - 1].line.kind != row.line.kind
            let label = groups.first { $0.kind == row.line.kind }?.label ?? ""
            if index == selected { painter.fill(Rect(x: area.x, y: area.y + slot, width: area.width, height: 1), style: .selection) }
            drawRow(row.line, row.consumption, kindLabel: isFirstOfGroup ? label : "", amount: amounts[index],
                    over: overs[index], columns: columns, x: area.x, y: area.y + slot, selected: index == selected, into: &painter)
        }
        if !fits {
            let hidden = rows.count - shown - first
            let text = hidden == 1 ? "\(painter.glyphs.ellipsis) et 1 autre prévision"
                                   : "\(painter.glyphs.ellipsis) et \(hidden) autres prévisions"
            painter.column(text, x: area.x + columns.kind, y: area.y + shown, width: area.width - columns.kind, style: .muted)
        }
    }

    /// « consumed / planned » with both numbers right-aligned in their own sub-column, so the slashes
    /// line up down the table; only « planned » when narrow.
    private static func amountTexts(_ consumptions: [LineConsumption], money: PanelMoney, showsConsumed: Bool,
                                    painter: Painter) -> [String] {
        let planned = consumptions.map { painter.shown(money.number($0.planned)) }
        guard showsConsumed else { return planned }
        let consumed = consumptions.map { painter.shown(money.number($0.consumed)) }
        let consumedWidth = consumed.map(\.displayWidth).max() ?? 0
        let plannedWidth = planned.map(\.displayWidth).max() ?? 0
        return zip(consumed, planned).map { pair in
            pair.0.padded(toWidth: consumedWidth, alignment: .right) + " / " + pair.1.padded(toWidth: plannedWidth, alignment: .right)
        }
    }

    private static func drawRow(_ line: BudgetLine, _ consumption: LineConsumption, kindLabel: String, amount: String,
                                over: String, columns: BudgetLineColumns, x: Int, y: Int, selected: Bool,
                                into painter: inout Painter) {
        // The selected prévision is painted whole in the selection colour, like a selected
        // transaction: a style of its own per cell would paint over the highlight.
        let style: (ColorRole) -> Style = { role in selected ? .selection : Style(role: role) }
        var x = x
        x += painter.column(kindLabel, x: x, y: y, width: columns.kind, style: style(.muted))
        // A prévision checked off (« pointée ») carries the transactions' mark before its name.
        x += painter.column(line.isChecked ? "\(painter.glyphs.check) \(line.name)" : line.name, x: x, y: y, width: columns.name,
                            style: style(.normal))
        x += 1
        if columns.bar > 0 {
            drawBar(consumption, kind: line.kind, x: x, y: y, width: columns.bar, style: style, into: &painter)
            x += columns.bar + 1
        }
        x += painter.column(amount, x: x, y: y, width: columns.amount, alignment: .right, style: style(.normal))
        if columns.over > 0, !over.isEmpty {
            let role: ColorRole = line.kind.isOutflow ? .negative : .positive
            painter.column(over, x: x, y: y, width: columns.over, alignment: .right, style: style(role))
        }
    }

    /// The filled part in the line's colour, the rest as a shaded track.
    private static func drawBar(_ consumption: LineConsumption, kind: TransactionKind, x: Int, y: Int, width: Int,
                                style: (ColorRole) -> Style, into painter: inout Painter) {
        let fraction = consumption.planned > 0 ? DisplayRatio.of(consumption.consumed, over: consumption.planned)
                                               : (consumption.consumed > 0 ? 1 : 0)
        let bar = painter.glyphs.bar(fraction: fraction, width: width, empty: " ")
        let filled = String(bar.prefix { $0 != " " })
        let role: ColorRole
        if consumption.isOver {
            role = kind.isOutflow ? .negative : .positive
        } else {
            role = kind == .income ? .positive : .accent
        }
        let used = painter.text(filled, x: x, y: y, style: style(role))
        let track = String(repeating: painter.glyphs.shade, count: max(0, width - used))
        painter.text(track, x: x + used, y: y, style: style(.border))
    }
}
