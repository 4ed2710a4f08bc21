import Foundation
import PulpeDomain
import PulpeTerminal

/// The 12 months as a 4 × 3 grid of tiles, like the Pulpe year widget: short month name, then the
/// compact remaining amount (« — » without a budget, deficit in red). Today's month is highlighted
/// with a bullet (so it shows without colour too); the selected month is drawn as a selection.
enum YearGridView {
    static let columns = 4
    static let rows = 3
    /// A tile is the name row and the amount row.
    static let tileHeight = 2
    /// Tiles wider than this only add blank space: the grid is centred instead.
    static let maximumTileWidth = 18

    /// Rows the grid needs, with `gap` blank rows between grid rows.
    static func height(gap: Int) -> Int { rows * tileHeight + (rows - 1) * gap }

    /// Draws the grid in `area` starting at its top; returns each month's tile.
    static func draw(_ model: YearPanelModel, remaining: [Int: Decimal], money: PanelMoney, in area: Rect, gap: Int,
                     into painter: inout Painter) -> [Int: Rect] {
        let tileWidth = min(maximumTileWidth, area.width / columns)
        guard tileWidth >= 3 else { return [:] }
        let left = area.x + (area.width - tileWidth * columns) / 2
        let current = model.currentMonthNumber
        var cells: [Int: Rect] = [:]
        for month in 1...12 {
            let column = (month - 1) % columns
            let row = (month - 1) / columns
            let tile = Rect(x: left + column * tileWidth, y: area.y + row * (tileHeight + gap), width: tileWidth, height: tileHeight)
                .intersection(area)
            guard !tile.isEmpty else { continue }
            cells[month] = tile
            drawTile(month: month, remaining: remaining[month], isCurrent: month == current,
                     isSelected: month == model.selectedMonth, money: money, tile: tile, into: &painter)
        }
        return cells
    }

    private static func drawTile(month: Int, remaining: Decimal?, isCurrent: Bool, isSelected: Bool, money: PanelMoney,
                                 tile: Rect, into painter: inout Painter) {
        let nameRole: ColorRole = isCurrent ? .highlight : .normal
        let amountRole: ColorRole = remaining.map { $0 < 0 ? .negative : .normal } ?? .muted
        func style(_ role: ColorRole, bold: Bool = false) -> Style {
            isSelected ? Style(role: .selection, bold: bold) : Style(role: role, bold: bold)
        }
        if isSelected { painter.fill(tile, style: .selection) }
        let name = FrenchMonths.shortName(month) + (isCurrent ? " " + painter.glyphs.bullet : "")
        let inner = tile.width - 1
        painter.column(name, x: tile.x + 1, y: tile.y, width: inner, style: style(nameRole, bold: isCurrent))
        if tile.height > 1 {
            let amount = remaining.map { money.amount($0, style: .compact) } ?? "\u{2014}"
            painter.column(amount, x: tile.x + 1, y: tile.y + 1, width: inner, style: style(amountRole))
        }
    }
}
