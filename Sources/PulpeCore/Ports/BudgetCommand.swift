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
    /// templates and the settings (decision 81) → `.accountSynced`. In the background, never on the
    /// input path; behind a closed gate it does not run (the replica stays as it is). With
    /// `ifOlderThan`, a replica read more recently (by any pulpe) is kept and said, not read again:
    /// the export is the server's heaviest call (§15.1).
    case syncAccount(ifOlderThan: Duration?)
    /// Every month the replica holds, with its rows, oldest first (the cache only) → `.accountRead`.
    case readAccount
    /// The months that may answer a query, with only the rows `prefilter` lets through (every row
    /// of the months in `whole`) → `.accountRead` (decision 118).
    case readAccountMatching(QueryPrefilter, whole: Set<BudgetMonth>)
    /// Every month, its transactions summed per prévision, kind and tags (every row of the months
    /// in `whole`) → `.accountRead`: a report's, a forecast's and « Rapports »' read (decision 118).
    case readAccountSummed(whole: Set<BudgetMonth>)
    /// The account's tags → `.tagsLoaded`: the server's when `askServer` (kept in the cache), else
    /// the replica's.
    case loadTags(askServer: Bool)
    /// The account's savings goals → `.savingsGoalsLoaded`: the server's when `askServer` (kept
    /// in the cache), else the replica's.
    case loadSavingsGoals(askServer: Bool)
    /// A bank statement file read and planned against the replica (`pulpe import`'s reader, matcher
    /// and rules) → `.statementRead`. Local only.
    case readStatement(path: String)
    /// The review's choices kept as rules for the next imports (sealed in the cache). No event.
    case rememberImportChoices([ImportChoice])
    /// The account's import rules, as the cache keeps them → `.importRulesLoaded`. Local only.
    case loadImportRules
    /// The period whose « Bilan du mois » was last shown → `.recapSeenLoaded`.
    case loadRecapSeen
    /// Records that the recap was shown in this period (nothing answers).
    case markRecapSeen(BudgetMonth)
    /// The account's import rules replaced by these (`pulpe import rules add|rm`) →
    /// `.importRulesSaved`. Local only.
    case saveImportRules([ImportRule])
    /// A tag's planned against actual over `months` budget months ending with `end` →
    /// `.tagHistoryLoaded`: the server's (`GET /tags/:id/history`) when `askServer`, else — or
    /// when it does not answer — computed from the replica the same way (§15.2).
    case loadTagHistory(tagId: String, months: Int, end: BudgetMonth, askServer: Bool)

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
        case .readAccount, .readAccountMatching, .readAccountSummed: self
        case .loadTags: .loadTags(askServer: false)
        case .loadSavingsGoals: .loadSavingsGoals(askServer: false)
        case .readStatement, .rememberImportChoices, .loadImportRules, .saveImportRules, .loadRecapSeen, .markRecapSeen: self
        case let .loadTagHistory(id, months, end, _): .loadTagHistory(tagId: id, months: months, end: end, askServer: false)
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
        case .readAccountMatching: "readAccountMatching"
        case .readAccountSummed: "readAccountSummed"
        case let .loadTags(askServer): "loadTags(askServer: \(askServer))"
        case let .loadSavingsGoals(askServer): "loadSavingsGoals(askServer: \(askServer))"
        case .readStatement: "readStatement"
        case .rememberImportChoices: "rememberImportChoices"
        case .loadImportRules: "loadImportRules"
        case .loadRecapSeen: "loadRecapSeen"
        case let .markRecapSeen(month): "markRecapSeen(\(month))"
        case let .saveImportRules(rules): "saveImportRules(\(rules.count))"
        case let .loadTagHistory(_, months, end, askServer): "loadTagHistory(\(months) to \(end), askServer: \(askServer))"
        }
    }
}
