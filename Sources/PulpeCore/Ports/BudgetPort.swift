import PulpeDomain

/// The user's settings, months and years: the cached copy and the server's.
public enum BudgetCommand: Hashable, Sendable, CustomStringConvertible {
    /// `GET /users/settings` → `.settingsLoaded`.
    case loadSettings
    /// The month's details (cached copy first, then the server) → `.monthLoaded`, once or twice.
    case loadMonth(BudgetMonth)
    /// The year's sparse list (cached copy first, then the server) → `.yearLoaded`.
    case loadYear(Int)
    /// The cache's copy only, never the server: what a load becomes while the API gate is closed
    /// (decision 35) → `.settingsLoaded` / `.monthLoaded` / `.yearLoaded`, `.failed(.offline)`
    /// when the cache has none.
    case loadCached(CachedLoad)

    /// Behind the closed gate a load reads the cache only.
    func throughClosedGate() -> Self? {
        switch self {
        case .loadSettings: .loadCached(.settings)
        case let .loadMonth(month): .loadCached(.month(month))
        case let .loadYear(year): .loadCached(.year(year))
        case .loadCached: self
        }
    }

    public var description: String {
        switch self {
        case .loadSettings: "loadSettings"
        case let .loadMonth(month): "loadMonth(\(month.year)-\(month.month))"
        case let .loadYear(year): "loadYear(\(year))"
        case let .loadCached(load): "loadCached(\(load))"
        }
    }
}

public enum BudgetEvent: Hashable, Sendable {
    /// The answer to `GET /users/settings` (or the cached copy).
    case settingsLoaded(SettingsOutcome, at: AppTime)
    case monthLoaded(BudgetMonth, FetchOutcome<MonthContent>, at: AppTime)
    case yearLoaded(Int, FetchOutcome<[BudgetSummary]>, at: AppTime)

    var time: AppTime? {
        switch self {
        case let .settingsLoaded(_, at), let .monthLoaded(_, _, at), let .yearLoaded(_, _, at): at
        }
    }
}

/// What a cache-only load reads.
public enum CachedLoad: Hashable, Sendable, CustomStringConvertible {
    case settings
    case month(BudgetMonth)
    case year(Int)

    public var description: String {
        switch self {
        case .settings: "settings"
        case let .month(month): "\(month.year)-\(month.month)"
        case let .year(year): "\(year)"
        }
    }
}
