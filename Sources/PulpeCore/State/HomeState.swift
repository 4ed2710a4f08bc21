import PulpeDomain

/// The main screen's state (grows with the month and year panels).
public struct HomeState: Hashable, Sendable {
    public var session: SessionSummary
    /// The user's settings (pay day, currency): the first thing the home screen loads.
    public var settings: Loadable<UserSettings>
    /// The month and year panels, once the settings say which period is current.
    public var browse: BrowseState?
    /// The quick-add form over the panels, with what was typed (maintenance keeps it: it is part
    /// of the screen's value).
    public var quickAdd: QuickAddForm?
    /// The search across months over the panels (`S`), with what was typed and found.
    public var search: SearchState?
    /// « Rapprocher mes comptes » over the panels (`b`), with the balances typed.
    public var reconcile: ReconcileForm?
    /// The tags screen over the panels (`T`).
    public var tags: TagsScreen?
    /// The bank statement import over the panels (`I`).
    public var importReview: ImportReview?

    public init(session: SessionSummary, settings: Loadable<UserSettings> = .loading, browse: BrowseState? = nil,
                quickAdd: QuickAddForm? = nil, search: SearchState? = nil) {
        self.search = search
        self.session = session
        self.settings = settings
        self.browse = browse
        self.quickAdd = quickAdd
    }
}
