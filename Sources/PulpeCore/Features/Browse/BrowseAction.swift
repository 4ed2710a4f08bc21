public enum BrowseAction: Hashable, Sendable, CaseIterable {
    /// `r`: fetch again.
    case refresh
    /// `[` `]`: the previous / next month (on the year panel: year).
    case previousMonth
    case nextMonth
    /// `t`: back to the current pay-day period.
    case currentPeriod
    /// `Tab`: month ↔ year panel (with a row selected: transactions ↔ prévisions).
    case switchPanel
    /// `Entrée`: open the year grid's month; on the month panel edit the selected row, or create
    /// the shown month's budget; with a refusal on the status line, the pending list.
    case openSelectedMonth
    /// `←` / `→`: the previous / next month, or the selection in the year grid.
    case moveLeft
    case moveRight
    case moveUp
    case moveDown
    case pageUp
    case pageDown
    case moveToTop
    case moveToBottom
    /// `/`: type a filter for the transactions.
    case startFilter
    /// `Entrée` in the filter: keep it and go back to browsing.
    case endFilter
    /// `Échap` in the filter (or with a filter on): remove it.
    case clearFilter
    /// Hide every amount (« •••• »), for screen sharing.
    case togglePrivacy
    /// `c`: « À pointer », only the transactions not checked yet (again: all of them).
    case toggleToCheck
    /// `M` on a month without a budget: the next template to create it from.
    case nextTemplate
    /// `A`: a new prévision in the shown month.
    case addLine
    /// `P` on a month without a budget: it and the next two planned from the chosen template.
    case planMonths
}
