import Foundation
import PulpeCore
import PulpeDomain

/// Everything the month panel (« Mois ») draws, decided by the caller: the view only reads it.
public struct MonthPanelModel: Sendable, Hashable {
    /// The budget month shown.
    public var month: BudgetMonth
    /// The user's pay day (§11); `nil` or 1 means calendar months and no period dates in the title.
    public var payDay: Int?
    public var currency: Currency
    /// The user's time zone: a transaction's date is the calendar day it happened there.
    public var timeZone: LocalZone
    public var data: MonthPanelData
    /// The transactions the list shows and the `/` filter that chose them, decided by the core when the
    /// filter or the data changed: the view reads the rows on screen, it never filters.
    public var rows: FilteredTransactions
    /// First transaction row shown (in `rows`), as the core keeps it within the last page.
    public var scrollOffset: Int
    /// The highlighted transaction (index in the filtered list), if any.
    public var selectedRow: Int?
    /// The highlighted prévision (index in the panel's group order), when the selection is there.
    public var selectedLine: Int?
    /// The prévisions listed, in order (`BrowseState.shownLineOrder`); nil: all of them.
    public var lineOrder: [Int]?
    /// A month without a budget: the offer to create it (its templates, the chosen one, whether
    /// its creation already waits in the outbox).
    public var offer: BudgetOffer?
    /// The month is shown as its waiting creation will make it (`ProvisionalBudget`): said in
    /// the frame's title, « création en attente », until the server has it.
    public var isProvisional = false
    /// Privacy mode: every amount becomes « •••• » with its currency.
    public var isPrivate: Bool
    /// The panel has the keyboard (its border is accented when two panels share the screen).
    public var isFocused: Bool
    /// Rows still in the outbox, by transaction id (« en attente »).
    public var pendingStates: [String: PendingExpense.State]
    /// Today, for « par jour » of the month at a glance (nil: no per-day figure).
    public var today: CalendarDay?
    /// The account's tags by id: a row shows its tags' names (`#vacances`) after its name.
    public var tagNames: [String: String] = [:]

    public init(month: BudgetMonth, payDay: Int? = nil, currency: Currency = .chf, timeZone: LocalZone,
                data: MonthPanelData, rows: FilteredTransactions? = nil, scrollOffset: Int = 0, selectedRow: Int? = nil,
                isPrivate: Bool = false, isFocused: Bool = true, pendingStates: [String: PendingExpense.State] = [:],
                today: CalendarDay? = nil) {
        self.month = month
        self.payDay = payDay
        self.currency = currency
        self.timeZone = timeZone
        self.data = data
        // Without a filter every transaction shows; that costs no scan.
        self.rows = rows ?? Self.details(of: data).map { FilteredTransactions($0, filter: .none) } ?? .nothing()
        self.scrollOffset = scrollOffset
        self.selectedRow = selectedRow
        self.isPrivate = isPrivate
        self.isFocused = isFocused
        self.pendingStates = pendingStates
        self.today = today
    }

    /// The month at a glance (§14.6): « Solde pointé », « par jour », « Ça dérive ».
    public var glance: MonthGlance? {
        details.map { MonthGlance($0, month: month, today: today, payDay: payDay) }
    }

    /// Where the period lands day by day (issue 63, the apps' trajectory), as the caller computed
    /// it once (`TrajectoryMemo`, `BalanceTrajectory.of`); nil outside its period.
    public var trajectory: BalanceTrajectory?

    /// « Novembre 2026 ».
    public var title: String { isProvisional ? "\(FrenchMonths.title(month)) · création en attente" : FrenchMonths.title(month) }

    /// The days the budget covers when the pay day is not the 1st; `nil` for calendar months.
    public var period: PayPeriod? {
        PayDayCalendar.normalizedPayDay(payDay) == 1 ? nil : PayDayCalendar.period(of: month, payDay: payDay)
    }

    /// « 25.10. – 24.11. » for a pay-day month.
    public var periodText: String? { period.map(DateFormatting.period) }

    /// The loaded details, if any.
    public var details: BudgetDetails? { Self.details(of: data) }

    private static func details(of data: MonthPanelData) -> BudgetDetails? {
        if case let .loaded(details) = data { return details }
        return nil
    }
}
