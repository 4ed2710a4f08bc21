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
    /// A tag's history chart (`H`).
    case tagChart(TagChartAction)
    /// « Rapports » (`V`).
    case reports(ReportsScreen.Action)
    /// « Modèles » (`m`).
    case templates(TemplatesScreen.Action)
    /// « Réglages » (`,`).
    case settings(SettingsScreen.Action)
    /// The tags screen (`T`).
    case tags(TagsAction)
    /// A bank statement imported (`I`).
    case importStatement(ImportAction)
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
