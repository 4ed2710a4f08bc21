import Foundation
import PulpeDomain

/// Everything the year panel (« Année ») draws, decided by the caller.
public struct YearPanelModel: Sendable, Hashable {
    public var year: Int
    /// Today's budget month: highlighted when it falls in `year`.
    public var currentMonth: BudgetMonth?
    /// The month `Enter` would open (1…12), drawn reversed.
    public var selectedMonth: Int?
    public var currency: Currency
    public var data: YearPanelData
    /// Privacy mode: every amount becomes « •••• » with its currency.
    public var isPrivate: Bool
    /// The panel has the keyboard.
    public var isFocused: Bool
    /// Where the current year ends by the plan and at this pace (`Forecast.yearEnd`); nil for
    /// another year, or before the current month is read.
    public var yearEnd: Forecast.Month?

    public init(year: Int, currentMonth: BudgetMonth? = nil, selectedMonth: Int? = nil, currency: Currency = .chf,
                data: YearPanelData, isPrivate: Bool = false, isFocused: Bool = true) {
        self.year = year
        self.currentMonth = currentMonth
        self.selectedMonth = selectedMonth
        self.currency = currency
        self.data = data
        self.isPrivate = isPrivate
        self.isFocused = isFocused
    }

    /// « Année 2026 ».
    public var title: String { "Année \(year)" }

    /// The year's figures by the shared computation (`pulpe year` prints the same).
    public var figures: YearFigures {
        guard case let .loaded(summaries) = data else { return YearFigures(year: year, summaries: []) }
        return YearFigures(year: year, summaries: summaries)
    }

    /// The remaining of each budgeted month whose remaining is known, by month number; a month
    /// missing here shows « — ».
    public var remainingByMonth: [Int: Decimal] { figures.remainingByMonth }

    /// The year's closing balance (§10); `nil` without any budget.
    public var closingBalance: Decimal? { figures.closingBalance }

    /// The latest budgeted month, the one the closing balance comes from.
    public var closingMonth: Int? { figures.closingMonth }

    /// The month of `year` to highlight as « now », if today falls in this year.
    var currentMonthNumber: Int? {
        guard let currentMonth, currentMonth.year == year else { return nil }
        return currentMonth.month
    }
}
