/// What a key press means, once the key table has resolved it for the current screen.
///
/// Keys never reach `update` raw (text typed into forms arrives as `Msg.text`): the UI's key
/// table maps them to actions, so the same table drives input, the footer and the help overlay.
/// Actions nest by the part of the app they belong to, and the key table's scope decides which
/// one a key means (`↓` is `.browse(.moveDown)` on the panels, `.search(.moveDown)` in the search,
/// `.outbox(.moveDown)` in the pending list): `Core.update` routes each to its feature's reducer
/// without looking at the screen a second time.
public enum Action: Hashable, Sendable {
    /// Every screen: quit, help, redraw, lock.
    case app(AppAction)
    /// The splash, the maintenance and « Connexion impossible » screens.
    case startup(StartupAction)
    case login(LoginAction)
    case pin(PinAction)
    /// The month and year panels, and their filter.
    case browse(BrowseAction)
    /// The daily gestures on the selected transaction or prévision.
    case gesture(GestureAction)
    /// The quick-add form (also the form that edits a transaction or a prévision).
    case quickAdd(QuickAddAction)
    /// The search across months (`S`).
    case search(SearchAction)
    /// « Rapprocher mes comptes » (`b`).
    case reconcile(ReconcileAction)
    /// What waits in the outbox: send, undo, the pending list.
    case outbox(OutboxAction)
    /// A yes/no question over the screen.
    case confirm(ConfirmAction)
}

extension Action {
    /// The gesture this action is, if it is one.
    public var gesture: GestureAction? {
        if case let .gesture(action) = self { return action }
        return nil
    }
}

public enum AppAction: Hashable, Sendable, CaseIterable {
    case quit
    case showHelp
    case closeOverlay
    /// Ctrl-L: repaint everything, for when another program scribbled on the terminal.
    case redraw
    /// Hide the amounts behind the PIN screen now (the idle lock, on demand).
    case lockNow
}

public enum StartupAction: Hashable, Sendable, CaseIterable {
    /// Any key on the splash skips it.
    case skipSplash
    /// `R` on the maintenance and « Connexion impossible » screens.
    case retry
    /// `o` « Continuer hors ligne », when cached data exists.
    case continueOffline
}

public enum LoginAction: Hashable, Sendable, CaseIterable {
    case nextField
    case previousField
    /// `Entrée`: send the form (in the email field with no password yet: the next field).
    case submit
    /// « Essayer la démo ».
    case startDemo
}

public enum PinAction: Hashable, Sendable, CaseIterable {
    /// Leave the PIN screen for another account.
    case signOut
}

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

public enum GestureAction: Hashable, Sendable, CaseIterable {
    /// `x` on the selected transaction: check it off (« pointer »), or not.
    case toggleCheckSelected
    /// `d` on the selected transaction: delete it, with a few seconds to take it back (`u`).
    case deleteSelectedTransaction
    /// `R` on the selected prévision: back to its template's amount.
    case resetSelectedLine
    /// `>` on the selected free transaction or one-off prévision: moved to next month.
    case postponeSelected
}

public enum QuickAddAction: Hashable, Sendable, CaseIterable {
    /// `a`: open the form (month and year panels, offline browsing).
    case open
    case nextField
    case previousField
    /// `Entrée`: store what was typed.
    case submit
    /// `Échap`: close the form, asking first when something was typed.
    case cancel
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

public enum SearchAction: Hashable, Sendable, CaseIterable {
    /// `S`: open the search.
    case open
    /// `Entrée`: ask for the typed text, or open the highlighted hit's month.
    case enter
    /// `Échap`: close it.
    case close
    case moveUp
    case moveDown
    case pageUp
    case pageDown
}

public enum ReconcileAction: Hashable, Sendable, CaseIterable {
    /// `b`: the balances form (the « À pointer » step offered first).
    case open
    /// `Entrée`: « À jour », or the gap's entry stored.
    case submit
    case nextField
    case previousField
    /// `Échap`: closed, nothing stored.
    case cancel
}

public enum OutboxAction: Hashable, Sendable, CaseIterable {
    /// `s`: send what the outbox holds now.
    case syncNow
    /// `u`: undo the newest quick-add or gesture (a quick-add: removed from the outbox, or deleted
    /// on the server after a yes).
    case undoLastExpense
    /// `e`: the list of queued and refused expenses.
    case showPending
    /// The pending list: correct the highlighted expense (the quick-add form, filled in).
    case editSelected
    /// The pending list: delete the highlighted expense (after a yes).
    case deleteSelected
    /// The pending list's highlight.
    case moveUp
    case moveDown
}

public enum ConfirmAction: Hashable, Sendable, CaseIterable {
    /// « Oui ».
    case yes
    /// « Non ».
    case no
}
