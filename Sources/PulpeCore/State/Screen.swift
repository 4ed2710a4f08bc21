import PulpeDomain

/// The root screens (docs/product.md §2). Each is a case, so `update` switches exhaustively and a
/// forgotten transition is a compile error. A screen's value carries what the user typed, so
/// keeping the value keeps their input (maintenance stores it and brings it back).
public enum Screen: Hashable, Sendable {
    /// The logo animation while start-up work runs (at most `SplashPolicy.maximum`).
    case splash(SplashState)
    /// Start-up work outlived the splash: « Vérification du service… » with a spinner.
    case checking
    case maintenance(MaintenanceState)
    case networkUnavailable(NetworkUnavailableState)
    case login(LoginForm)
    case pin(PinForm)
    /// The main screen. Its value lives in one slot, `AppState.home`, whichever of `screen`,
    /// `afterSplash` or `resumeScreen` says the user is there, waits behind the splash, or comes
    /// back to it after maintenance or the PIN: one copy, so an answer never updates a stale one.
    case home

    /// Screens the user can be returned to after maintenance or a lost connection.
    var isResumable: Bool {
        switch self {
        case .login, .pin, .home: true
        case .splash, .checking, .maintenance, .networkUnavailable: false
        }
    }
}

/// What the splash needs to know to decide when to leave.
public struct SplashState: Hashable, Sendable {
    /// When the splash appeared; the animation player counts frames from here.
    public var shownAt: AppTime
    /// The minimum display time is over: the splash leaves as soon as start-up work is done.
    public var minimumElapsed = false

    public init(shownAt: AppTime, minimumElapsed: Bool = false) {
        self.shownAt = shownAt
        self.minimumElapsed = minimumElapsed
    }
}

/// Splash timing rules (docs/product.md §2.1).
public enum SplashPolicy {
    /// The splash never stays longer than this, even if start-up work continues.
    public static let maximum: Duration = .seconds(2)
    /// With start-up work finished early, the logo still plays long enough to be seen.
    public static let minimum: Duration = .milliseconds(1200)
}

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

    public init(session: SessionSummary, settings: Loadable<UserSettings> = .loading, browse: BrowseState? = nil,
                quickAdd: QuickAddForm? = nil, search: SearchState? = nil) {
        self.search = search
        self.session = session
        self.settings = settings
        self.browse = browse
        self.quickAdd = quickAdd
    }
}

/// Data that is being fetched, has arrived, or could not be fetched. Views draw placeholders
/// for `.loading`, never zeros.
public enum Loadable<Value: Hashable & Sendable>: Hashable, Sendable {
    case loading
    case loaded(Value)
    case failed(Failure)

    public var value: Value? {
        if case let .loaded(value) = self { return value }
        return nil
    }
}
