import Foundation
import PulpeDomain
import PulpeTerminal

/// The top of the month panel: « Disponible à dépenser » with the remaining amount in bold, coloured
/// by the month's health, then income, expenses (savings included, as the formulas count them),
/// the rollover and the savings share. Under the amount, the month at a glance (decision 48): what is
/// checked off, what is left per day, what drifts — on the row that was blank, so the lists keep
/// every row they had.
enum MonthSummaryView {
    static func draw(_ totals: BudgetTotals, glance: MonthGlance? = nil, trajectory: TrajectoryLine? = nil, money: PanelMoney,
                     in area: Rect, compact: Bool, into painter: inout Painter) {
        guard area.height > 0, area.width > 0 else { return }
        let health = totals.health
        let amount = money.amount(totals.remaining)
        let role = HealthStyle.role(health)
        let badge = HealthStyle.badge(health)
        let amountStyle = Style(role: role, bold: true)
        let badgeWidth = painter.shownWidth(badge)
        if compact {
            var label = "Disponible à dépenser"
            if painter.shownWidth(label) + 2 + painter.shownWidth(amount) > area.width { label = "Disponible" }
            var x = area.x
            x += painter.text(painter.fitted(label, width: area.width), x: x, y: area.y, style: .muted)
            x += 2
            x += painter.text(painter.fitted(amount, width: max(0, area.maxX - x)), x: x, y: area.y, style: amountStyle)
            // Where the month lands at this pace, in words only, where the row has the room.
            if let trajectory {
                let words = trajectory.compactWords(money: money)
                if area.maxX - badgeWidth - 2 - (x + 3) >= painter.shownWidth(words) {
                    painter.text(words, x: x + 3, y: area.y, style: .muted)
                }
            }
            if area.maxX - x >= badgeWidth + 2 {
                painter.text(badge, x: area.maxX - badgeWidth, y: area.y, style: Style(role: role))
            }
            if area.height > 3, let glance {
                GlanceLine.draw(glance, money: money, x: area.x, y: area.y + 3, width: area.width, into: &painter)
            }
        } else {
            painter.column("Disponible à dépenser", x: area.x, y: area.y, width: area.width - badgeWidth - 2, style: .muted)
            if area.width >= badgeWidth + 12 {
                painter.text(badge, x: area.maxX - badgeWidth, y: area.y, style: Style(role: role))
            }
            if area.height > 1 {
                painter.column(amount, x: area.x, y: area.y + 1, width: area.width, style: amountStyle)
                // Beside the amount, where the row has the room: where the period lands day by day.
                let x = area.x + painter.shownWidth(amount) + 3
                if let trajectory, area.maxX - x >= 40 {
                    trajectory.draw(money: money, x: x, y: area.y + 1, width: area.maxX - x, into: &painter)
                }
            }
            if area.height > 3, let glance {
                GlanceLine.draw(glance, money: money, x: area.x, y: area.y + 2, width: area.width, into: &painter)
            }
        }
        let figuresY = area.y + (compact ? 1 : 3)
        let figures: [(String, String)] = [
            ("Revenus", money.amount(totals.totalIncome)),
            ("Dépenses", money.amount(totals.totalExpenses)),
            ("Report", money.signedBalance(totals.rollover)),
            ("dont épargne", money.amount(totals.totalSavings)),
        ]
        // Two columns: money in (income, rollover) on the left, money out on the right, the right
        // one's amounts flush with the panel's content edge.
        let columnWidth = area.width / 2
        for (index, figure) in figures.enumerated() {
            let y = figuresY + index / 2
            guard y < area.maxY else { break }
            let isLeft = index % 2 == 0
            let x = isLeft ? area.x : area.x + columnWidth
            let cell = isLeft ? columnWidth - 3 : area.maxX - x
            let amountWidth = min(cell, painter.shownWidth(figure.1))
            painter.column(figure.0, x: x, y: y, width: max(0, cell - amountWidth - 1), style: .muted)
            painter.column(figure.1, x: x + cell - amountWidth, y: y, width: amountWidth, alignment: .right)
        }
    }
}
