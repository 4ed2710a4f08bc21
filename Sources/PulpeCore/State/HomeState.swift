import PulpeDomain

/// The main screen's state (grows with the month and year panels).
public struct HomeState: Hashable, Sendable {
    public var session: SessionSummary
    /// The user's settings (pay day, currency): the first thing the home screen loads.
    public var settings: Loadable<UserSettings>
    /// The month and year panels, once the settings say which period is current.
    public var browse: BrowseState?
    /// The form or screen over the panels, if any (`HomePanel`: one at a time).
    public var panel: HomePanel?
    /// « Bilan du mois »: to be shown at this start, or not (decision 122).
    public var recap = RecapDue.unknown

    public init(session: SessionSummary, settings: Loadable<UserSettings> = .loading, browse: BrowseState? = nil,
                quickAdd: QuickAddForm? = nil, search: SearchState? = nil) {
        self.session = session
        self.settings = settings
        self.browse = browse
        panel = quickAdd.map(HomePanel.quickAdd) ?? search.map(HomePanel.search)
    }
}
