import PulpeDomain
import PulpeTerminal

/// One line of the month at a glance (§14.6): « Pointé 1’234.50 CHF · 96.05 CHF/jour jusqu'au
/// 24.12. · Ça dérive : Courses +45.00 CHF (+1) ». What does not fit is left out from the end, never
/// cut in the middle of a figure.
enum GlanceLine {
    static func segments(_ glance: MonthGlance, money: PanelMoney) -> [(text: String, role: ColorRole)] {
        var segments: [(String, ColorRole)] = [("Pointé \(money.signedBalance(glance.realized))", .muted)]
        if let perDay = glance.perDay {
            segments.append(("\(money.amount(perDay))/jour jusqu'au \(DateFormatting.compactDate(glance.lastDay))", .muted))
        }
        if let first = glance.drift.first {
            let more = glance.drift.count > 1 ? " (+\(glance.drift.count - 1))" : ""
            segments.append(("Ça dérive : \(first.name) +\(money.amount(first.overrun))\(more)", .warning))
        }
        return segments
    }

    static func draw(_ glance: MonthGlance, money: PanelMoney, x: Int, y: Int, width: Int, into painter: inout Painter) {
        let separator = " · "
        var x = x
        let end = x + width
        for (index, segment) in segments(glance, money: money).enumerated() {
            let lead = index == 0 ? "" : separator
            guard painter.shownWidth(lead + segment.text) <= end - x else { break }
            if !lead.isEmpty { x += painter.text(lead, x: x, y: y, style: .muted) }
            x += painter.text(segment.text, x: x, y: y, style: Style(role: segment.role))
        }
    }
}
