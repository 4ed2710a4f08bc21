/// What a key press means, once the key table has resolved it for the current screen.
///
/// Keys never reach `update` raw (text typed into forms arrives as `Msg.text`): the UI's key
/// table maps them to actions, so the same table drives input, the footer and the help overlay.
public enum Action: Hashable, Sendable, CaseIterable {
    case quit
    case showHelp
    case closeOverlay
    /// Ctrl-L: repaint everything, for when another program scribbled on the terminal.
    case redraw
    /// Any key on the splash skips it.
    case skipSplash
    /// `R` on the maintenance and « Connexion impossible » screens.
    case retry
    /// `o` « Continuer hors ligne », when cached data exists.
    case continueOffline
    case nextField
    case previousField
    /// `Entrée`: send the focused form.
    case submit
    /// « Essayer la démo ».
    case startDemo
    /// Leave the PIN screen for another account.
    case signOut
    /// `r` on the home screen: fetch again.
    case refresh
    case previousMonth
    case nextMonth
    /// `t`: back to the current pay-day period.
    case currentPeriod
    /// `Tab`: month ↔ year panel.
    case switchPanel
    /// `Entrée` on the year grid: open the selected month.
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
    /// Hide the amounts behind the PIN screen now (the idle lock, on demand).
    case lockNow
    /// `a`: open the quick-add form (month and year panels, offline browsing).
    case openQuickAdd
    /// `s`: send what the outbox holds now.
    case syncNow
    /// `u`: undo the newest quick-add or gesture (a quick-add: removed from the outbox, or deleted
    /// on the server after a yes).
    case undoLastExpense
    /// `x` on the selected transaction: check it off (« pointer »), or not.
    case toggleCheckSelected
    /// `d` on the selected transaction: delete it, with a few seconds to take it back (`u`).
    case deleteSelectedTransaction
    /// `c`: « À pointer », only the transactions not checked yet (again: all of them).
    case toggleToCheck
    /// `R` on the selected prévision: back to its template's amount.
    case resetSelectedLine
    /// `M` on a month without a budget: the next template to create it from.
    case nextTemplate
    /// `A`: a new prévision in the shown month.
    case addLine
    /// `S`: the search across every month.
    case openSearch
    /// `Entrée` in the search: ask for the typed text, or open the highlighted hit's month.
    case searchEnter
    /// `Échap` in the search: close it.
    case closeSearch
    /// `e`: the list of queued and refused expenses.
    case showPending
    /// « Oui » in a yes/no overlay.
    case confirmYes
    /// « Non » in a yes/no overlay.
    case confirmNo
    /// The pending list: correct the highlighted expense (the quick-add form, filled in).
    case editSelected
    /// The pending list: delete the highlighted expense (after a yes).
    case deleteSelected
    /// `Échap` in the quick-add form: close it, asking first when something was typed.
    case cancelQuickAdd
    /// `o` / `Entrée` on « Abandonner cette dépense ? ».
    case confirmDiscard
    /// `n` / `Échap` on « Abandonner cette dépense ? »: back to the form as it was.
    case keepEditing
    /// `←` / `→` / `Espace` on the form's kind: dépense → revenu → épargne.
    case previousKind
    case nextKind
    /// `-` / `+` on the form's date: a day earlier or later.
    case previousDay
    case nextDay
    /// `Espace` on « Pointé ».
    case toggleChecked
}
