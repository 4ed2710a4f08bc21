import PulpeDomain

/// The shown month's trajectory (decision 119), computed when the month, its data, the day or the
/// pay day change — not at each frame: replaying a month is one pass over its rows. Nil outside
/// the current period, and for a month of `MonthPreview.minimumRows` rows or more, whose first paint
/// is a preview that could not replay it (both paints must say the same).
public struct TrajectoryMemo: Hashable, Sendable {
    private struct Source: Hashable, Sendable {
        var month: BudgetMonth
        var details: BudgetDetails?
        var today: CalendarDay
        var payDay: Int?
        var timeZone: LocalZone
    }

    private var source: Source?
    public private(set) var value: BalanceTrajectory?

    public init() {}

    mutating func update(month: BudgetMonth, details: BudgetDetails?, today: CalendarDay, payDay: Int?, timeZone: LocalZone) {
        let source = Source(month: month, details: details, today: today, payDay: payDay, timeZone: timeZone)
        guard source != self.source else { return }
        self.source = source
        guard let details, details.transactionCount < MonthPreview.minimumRows else {
            value = nil
            return
        }
        value = BalanceTrajectory.of(details, month: month, today: today, payDay: payDay, timeZone: timeZone)
    }
}
