import Foundation
import PulpeDomain

/// The month and year panels (docs/product.md §2.7): what is shown, what is loaded, and how the user
/// is looking at it (scroll, filter, privacy). Data is kept per month and per year so moving back
/// and forth is instant and a refresh never blanks what is on screen.
public struct BrowseState: Hashable, Sendable {
    public var today: CalendarDay
    public var settings: UserSettings
    /// The pay-day period today falls in (`t` comes back here).
    public var currentMonth: BudgetMonth
    /// The month the month panel shows.
    public var month: BudgetMonth
    /// The year the year panel shows.
    public var year: Int
    /// The month highlighted in the year grid (`Entrée` opens it).
    public var selectedMonthInYear: Int
    public var focus: PanelFocus = .month
    public var months: [BudgetMonth: Loadable<Fetched<MonthContent>>] = [:]
    public var years: [Int: Loadable<Fetched<[BudgetSummary]>>] = [:]
    public var filter = TextField(maxLength: 60)
    /// `/` was pressed: typed text goes to the filter until `Entrée` or `Échap`.
    public var isFiltering = false
    /// The highlighted prévision (an index into the lines in group order) when the selection is
    /// on the Prévisions list (`Tab` from a selected transaction); `x` checks it off.
    public var lineCursor: Int?
    /// « À pointer » (`c`): the list keeps only what is not checked yet, so the evening's
    /// reconciliation is one walk down it pressing `x` (a checked row leaves, the next comes up).
    public var onlyToCheck = false
    /// The account's tags by id (`state.replica.tags`), for the filter's `#` words.
    public var tagNames: [String: String] = [:]
    /// Every amount shown as « •••• » (screen sharing).
    public var isPrivate = false
    /// The outbox's expenses merged into the shown month (rows « en attente », figures moved).
    public var pending = PendingOverlay()
    /// The waiting creations and plans, as last applied: the year panel adds the months they make
    /// (`OutboxSnapshot.summaries`); empty nearly always.
    public internal(set) var monthMakers: [PendingChange] = []
    /// The shown month's list: the rows the filter keeps and the viewport over them, kept by the core
    /// (`layOutList(in:)`) and drawn as is.
    public internal(set) var list = TransactionList()
    /// The shown month's trajectory, kept with the list (`layOutList`).
    public internal(set) var trajectory = TrajectoryMemo()
    /// A transaction or prévision to select once the shown month holds it (a search's hit
    /// opened in its month, before the month has arrived).
    public var selectionToFind: String?
    /// The templates a month without a budget is offered from (asked once such a month shows).
    public var templates: TemplatesState = .unknown
    /// The template chosen with `M` (an index into the loaded ones; the default first).
    public var templateIndex = 0

    public init(today: CalendarDay, settings: UserSettings) {
        self.today = today
        self.settings = settings
        let current = PayDayCalendar.budgetMonth(for: today, payDay: settings.payDayOfMonth)
        currentMonth = current
        month = current
        year = current.year
        selectedMonthInYear = current.month
    }

    /// Whether `month` should be asked for when it comes into view: never asked, or it failed
    /// (a month that failed offline is asked again once the user moves back to it).
    func needsFetch(_ month: BudgetMonth) -> Bool {
        switch months[month] {
        case nil, .failed?: true
        default: false
        }
    }
}
