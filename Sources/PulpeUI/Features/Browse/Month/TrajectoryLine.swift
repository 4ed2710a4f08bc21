import Foundation
import PulpeDomain
import PulpeTerminal

/// The month's trajectory beside its « Disponible » (issue 63, decision 119): a sparkline of where
/// the period landed as each day was known (`BalanceTrajectory.landing`), « à ce rythme : fin de
/// mois à … » (the free expenses' pace over the days left, as `pulpe forecast`), and « ça dérive
/// depuis le 12 » once the month left its plan.
struct TrajectoryLine: Sendable, Hashable {
    var trajectory: BalanceTrajectory
    /// The month's end at this pace.
    var atThisPace: Decimal

    /// The line of `trajectory` (computed once, `TrajectoryMemo`); the pace reads the month's figures.
    init(trajectory: BalanceTrajectory, details: BudgetDetails, month: BudgetMonth, today: CalendarDay?, payDay: Int?) {
        self.trajectory = trajectory
        let pace = today.map { Forecast.paceLoss(details, month: month, today: $0, payDay: payDay) } ?? 0
        atThisPace = details.totals.remaining - pace
    }

    /// The compact panel's words (80×24): no sparkline, the pace only.
    func compactWords(money: PanelMoney) -> String { "à ce rythme : \(money.amount(atThisPace))" }

    func draw(money: PanelMoney, x: Int, y: Int, width: Int, into painter: inout Painter) {
        // The words first; the sparkline takes what room is left (up to a month's days), the drift
        // day only where it fits.
        let pace = "  à ce rythme : fin de mois à \(money.amount(atThisPace))"
        let drift = trajectory.driftDay.map { " · ça dérive depuis le \($0.day)" } ?? ""
        let words = painter.shownWidth(pace + drift) + 5 <= width ? pace + drift : pace
        let room = min(31, width - painter.shownWidth(words))
        let start = x
        var x = x
        if room >= 5 {
            let points = trajectory.landing.map { Optional($0.balance) }
            let spark = ReportsView.sparkline(Array(points.suffix(room)), slot: 1, unicode: painter.unicode)
            x += painter.text(spark, x: x, y: y, style: Style(role: trajectory.drift < 0 ? .negative : .positive))
        }
        painter.text(painter.fitted(words, width: max(0, start + width - x)), x: x, y: y, style: .muted)
    }
}
