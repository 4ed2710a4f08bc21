import PulpeDomain

/// « Rapports » (`V`, issue 61): the account's months read from the replica, what waits applied —
/// the result of each month as bars, the balance the rollover carries as a line, planned against
/// actual by prévision, tag or kind with a sparkline each, and where the month and the year land
/// at this pace. The figures are computed once when the replica is read; the keys only choose
/// what is shown.
public struct ReportsScreen: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        case open
        /// More months (6, 12, 24, 60, 120), or fewer.
        case widen, narrow
        /// Prévision → tag → kind.
        case nextAxis
        case moveUp, moveDown
    }

    /// Everything the screen draws, from one read of the replica.
    public struct Figures: Hashable, Sendable {
        /// Every month up to the current one, oldest first.
        public var flow: [CashFlowMonth]
        /// Planned against actual over the same months, by each axis.
        public var reports: [ReportAxis: BudgetReport]
        public var forecast: Forecast
    }

    public static let windows = [6, 12, 24, 60, 120]

    /// The month the window ends with (the current period).
    public var end: BudgetMonth
    public var months = 12
    public var axis = ReportAxis.line
    /// The first row of the table shown.
    public var scroll = 0
    /// Nil while the replica is read.
    public var figures: Figures?

    public init(end: BudgetMonth) { self.end = end }

    /// The months shown, oldest first.
    public var window: [BudgetMonth] { (0..<months).map { end.advanced(by: $0 - months + 1) } }

    /// The figures of `account` (its months up to `end`).
    public static func figures(_ account: AccountSnapshot, end: BudgetMonth) -> Figures {
        let months = account.months.filter { BudgetMonth(year: $0.budget.year, month: $0.budget.month) <= end }
        let range = (0..<windows[windows.count - 1]).map { end.advanced(by: $0 - windows[windows.count - 1] + 1) }
        var reports: [ReportAxis: BudgetReport] = [:]
        for axis in [ReportAxis.line, .tag, .kind] {
            reports[axis] = BudgetReport.build(months, months: range, by: axis, tagNames: account.tagNames)
        }
        return Figures(flow: CashFlowMonth.months(months), reports: reports, forecast: account.forecast(months: 13 - end.month))
    }
}
