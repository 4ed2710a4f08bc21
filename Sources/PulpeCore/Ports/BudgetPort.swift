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
    /// Every cached month searched for `query`, merged with `GET /transactions/search` when
    /// `askServer` → `.searchFinished`.
    case search(String, askServer: Bool, in: SearchScope = .everything)
    /// The templates with their lines → `.templatesLoaded`: the server's when `askServer` (and
    /// kept in the cache), else the cache's — so a month can be created offline.
    case loadTemplates(askServer: Bool)
    /// The whole account read (`GET /budgets/export`) and kept: every month, the year lists, the
    /// templates and the settings (issue 42) → `.accountSynced`. In the background, never on the
    /// input path; behind a closed gate it does not run (the replica stays as it is). With
    /// `ifOlderThan`, a replica read more recently (by any pulpe) is kept and said, not read again:
    /// the export is the server's heaviest call (§15.1).
    case syncAccount(ifOlderThan: Duration?)
    /// Every month the replica holds, with its rows, oldest first (the cache only) → `.accountRead`.
    case readAccount

    /// Behind the closed gate a load reads the cache only, and so does a search.
    func throughClosedGate() -> Self? {
        switch self {
        case .loadSettings: .loadCached(.settings)
        case let .loadMonth(month): .loadCached(.month(month))
        case let .loadYear(year): .loadCached(.year(year))
        case .loadCached: self
        case let .search(query, _, scope): .search(query, askServer: false, in: scope)
        case .loadTemplates: .loadTemplates(askServer: false)
        case .syncAccount: nil
        case .readAccount: self
        }
    }

    public var description: String {
        switch self {
        case .loadSettings: "loadSettings"
        case let .loadMonth(month): "loadMonth(\(month.year)-\(month.month))"
        case let .loadYear(year): "loadYear(\(year))"
        case let .loadCached(load): "loadCached(\(load))"
        case let .search(_, askServer, _): "search(askServer: \(askServer))"
        case let .loadTemplates(askServer): "loadTemplates(askServer: \(askServer))"
        case let .syncAccount(limit): "syncAccount(ifOlderThan: \(limit.map { "\($0)" } ?? "nil"))"
        case .readAccount: "readAccount"
        }
    }
}

public enum BudgetEvent: Hashable, Sendable {
    /// The answer to `GET /users/settings` (or the cached copy).
    case settingsLoaded(SettingsOutcome, at: AppTime)
    case monthLoaded(BudgetMonth, FetchOutcome<MonthContent>, at: AppTime)
    case yearLoaded(Int, FetchOutcome<[BudgetSummary]>, at: AppTime)
    /// What a search found, for the query it was asked with.
    case searchFinished(String, SearchResults, at: AppTime)
    /// The templates with their lines, the default first; nil when the server did not answer.
    case templatesLoaded([TemplatePreview]?, at: AppTime)
    /// The whole account read and kept, or why not (what was kept before stays).
    case accountSynced(ReplicaOutcome, at: AppTime)
    /// The replica's months, oldest first, and its last complete read (nil: never complete).
    case accountRead([BudgetDetails], ReplicaStatus?, at: AppTime)

    var time: AppTime? {
        switch self {
        case let .settingsLoaded(_, at), let .monthLoaded(_, _, at), let .yearLoaded(_, _, at), let .searchFinished(_, _, at),
             let .templatesLoaded(_, at), let .accountSynced(_, at), let .accountRead(_, _, at): at
        }
    }
}

/// The hits of a search across months, newest month first, and where they come from.
/// Where a search looks, beyond the text: the TUI's `S` looks everywhere as cached; `pulpe search`
/// narrows to years, shows the months with what waits in the outbox applied (as `pulpe month`
/// does), and waits for the server as long as its `--timeout`.
public struct SearchScope: Hashable, Sendable {
    /// Budget years to search (empty: all).
    public var years: [Int]
    /// Applied to the months it touches before they are searched (nil: the months as cached).
    public var outbox: OutboxSnapshot?
    /// How long the server may take (nil: the service's own budget).
    public var serverTimeout: Duration?

    public init(years: [Int] = [], outbox: OutboxSnapshot? = nil, serverTimeout: Duration? = nil) {
        self.years = years
        self.outbox = outbox
        self.serverTimeout = serverTimeout
    }

    public static let everything = SearchScope()
}

public struct SearchResults: Hashable, Sendable {
    public var hits: [SearchHit]
    /// The server answered (else the cache alone: « Résultats du cache »).
    public var askedServer: Bool
    /// The hits only the cache had.
    public var fromCache: Set<String>

    public init(hits: [SearchHit], askedServer: Bool, fromCache: Set<String> = []) {
        self.hits = hits
        self.askedServer = askedServer
        self.fromCache = fromCache
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
