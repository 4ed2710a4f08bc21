import Foundation
import PulpeDomain
import PulpeTerminal

/// One vertical bar per month of what remains at its end, under a row of month initials.
///
/// Positive bars rise from a zero line, negative ones hang below it in the negative colour *and* in a
/// different glyph (`▒` / `=`), so a deficit reads as one without colour. The scale gives each side
/// rows in proportion to its largest bar. Unicode bars grow by eighths of a cell; ASCII by whole cells.
enum YearBarChart {
    /// Taller bars say nothing more; the rest of a tall panel stays blank.
    static let maximumBarRows = 16
    /// Eighth blocks from one eighth to full, bottom-aligned.
    static let unicodeEighths = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    static func draw(_ model: YearPanelModel, remaining: [Int: Decimal], in area: Rect, into painter: inout Painter) {
        guard area.height >= 2, area.width >= 12 else { return }
        if remaining.isEmpty {
            painter.centered("Aucun budget cette année", in: area, y: area.y + (area.height - 1) / 2, style: .muted)
            return
        }
        let barRows = min(maximumBarRows, area.height - 1)
        let slot = min(6, area.width / 12)
        let barWidth = slot >= 3 ? slot - 1 : 1
        let left = area.x + (area.width - slot * 12) / 2
        let scale = Scale(values: Array(remaining.values), rows: barRows)
        let current = model.currentMonthNumber
        // Short names under every bar when they all fit, otherwise initials everywhere (never a mix).
        let usesShortNames = FrenchMonths.shortNames.allSatisfy { painter.shownWidth($0) <= barWidth }
        for month in 1...12 {
            let x = left + (month - 1) * slot
            if let value = remaining[month] {
                drawBar(value, scale: scale, x: x, width: barWidth, top: area.y, into: &painter)
            }
            let short = FrenchMonths.shortName(month)
            let label = usesShortNames ? short : String(short.prefix(1))
            let style: Style
            if month == model.selectedMonth {
                style = Style(role: .selection, bold: month == current)
            } else if month == current {
                style = .highlight
            } else {
                style = Style(role: remaining[month] == nil ? .muted : .normal)
            }
            painter.column(label, x: x, y: area.y + barRows, width: barWidth, alignment: .center, style: style)
        }
    }

    /// Rows above and below the zero line, from the largest positive and negative values.
    struct Scale {
        let positiveRows: Int
        let negativeRows: Int
        let largestPositive: Decimal
        let largestNegative: Decimal

        init(values: [Decimal], rows: Int) {
            largestPositive = values.filter { $0 > 0 }.max() ?? 0
            largestNegative = values.filter { $0 < 0 }.map { -$0 }.max() ?? 0
            if largestNegative == 0 {
                positiveRows = rows
            } else if largestPositive == 0 {
                positiveRows = 0
            } else {
                let share = DisplayRatio.of(largestPositive, over: largestPositive + largestNegative)
                positiveRows = min(rows - 1, max(1, Int((Double(rows) * share).rounded())))
            }
            negativeRows = rows - positiveRows
        }
    }

    static func drawBar(_ value: Decimal, scale: Scale, x: Int, width: Int, top: Int, into painter: inout Painter) {
        let zeroY = top + scale.positiveRows
        if value > 0 {
            let steps = painter.unicode ? 8 : 1
            let ratio = DisplayRatio.of(value, over: scale.largestPositive)
            let units = max(1, Int((ratio * Double(scale.positiveRows * steps)).rounded()))
            for row in 0..<scale.positiveRows {
                let filled = units - row * steps
                guard filled > 0 else { break }
                let glyph = painter.unicode ? unicodeEighths[min(steps, filled) - 1] : "#"
                painter.text(String(repeating: glyph, count: width), x: x, y: zeroY - 1 - row, style: .positive)
            }
        } else if value < 0 {
            let ratio = DisplayRatio.of(-value, over: scale.largestNegative)
            let cells = max(1, Int((ratio * Double(scale.negativeRows)).rounded()))
            let glyph = painter.unicode ? "▒" : "="
            for row in 0..<min(cells, scale.negativeRows) {
                painter.text(String(repeating: glyph, count: width), x: x, y: zeroY + row, style: .negative)
            }
        }
    }
}
