import PulpeCore
import PulpeDomain
import PulpeImport

/// The user's settings, months and years: the cached copy (instant, works offline) and the
/// server's, kept apart so callers choose (the TUI shows both in turn; `pulpe status` may want
/// only a fresh-enough one).
public protocol BudgetService: Sendable {
    /// Starts, without waiting, what the home screen needs whatever the settings will say (this
    /// calendar year's sparse list), so the month and year panels do not queue behind them.
    func prepareHome() async
    /// The settings as the cache kept them (`.cached`), if any: they say at once which period
    /// is current.
    func cachedSettings() async -> SettingsOutcome?
    /// `GET /users/settings` (the cached copy when the server cannot be reached).
    func loadSettings() async -> SettingsOutcome
    /// The month as last stored in the cache, if any (shown at once, then revalidated).
    func cachedMonth(_ month: BudgetMonth) async -> Fetched<MonthContent>?
    /// The first screen of a huge cached month with its whole figures (`BudgetDetails.preview`),
    /// read before the month itself; nil for a month the cache holds small, or not at all.
    func cachedMonthPreview(_ month: BudgetMonth) async -> Fetched<MonthContent>?
    /// The month from the server (its budget id from the year's sparse list, then its details).
    func fetchMonth(_ month: BudgetMonth) async -> FetchOutcome<MonthContent>
    func cachedYear(_ year: Int) async -> Fetched<[BudgetSummary]>?
    /// One sparse request: `?fields=month,year,remaining&year=`.
    func fetchYear(_ year: Int) async -> FetchOutcome<[BudgetSummary]>
    /// `GET /budget-templates` (the server's; nil when it did not answer).
    func templates() async -> [BudgetTemplate]?
    /// Every template with its lines, the default first (nil when the server did not answer).
    func templatePreviews(askServer: Bool) async -> [TemplatePreview]?
    /// `GET /transactions/search`, by text and/or tag ids (nil when the server did not answer or refused).
    func search(_ query: String, years: [Int], tagIds: [String]) async -> [SearchHit]?
    /// The months the cache holds, oldest first.
    func cachedMonths() async -> [BudgetMonth]
    /// The hits of `query` in the cached months of `years` (all when empty) but `excluded`
    /// (`tagNames`: the account's tags by id, for `#` words).
    func searchCache(_ query: String, years: [Int], excluding excluded: Set<BudgetMonth>, tagNames: [String: String]) async -> [SearchHit]
    /// Reads the whole account (`GET /budgets/export`) and keeps it: every month, the year lists,
    /// the templates and the settings (decision 81). A failure keeps what was kept.
    /// With `ifOlderThan`, a replica read more recently is kept and its status returned.
    func syncAccount(ifOlderThan limit: Duration?) async -> ReplicaOutcome
    /// The replica's last complete read, if any.
    func replicaStatus() async -> ReplicaStatus?
    /// The account's tags: the server's (kept in the cache) when `askServer`, else the cache's.
    func tagCatalogue(askServer: Bool) async -> [Tag]?
    /// The account's savings goals: the server's when `askServer` (kept), else the replica's.
    func savingsGoalCatalogue(askServer: Bool) async -> [SavingsGoal]?
    /// A statement file read and planned against the replica, for the TUI's review.
    func reviewStatement(path: String) async -> Result<[ImportReviewRow], StatementFailure>
    /// A statement planned against the replica, the account's rules and tags (`StatementImport`):
    /// the TUI's review and `pulpe import` both; nil when no account is kept here. `askServerForTags`:
    /// the shell names a rule's tags from the server's list, the TUI from the replica's.
    func planStatement(_ statement: BankStatement, month: BudgetMonth?, askServerForTags: Bool) async -> ImportPlan?
    /// The review's choices kept as import rules.
    func rememberImportChoices(_ choices: [ImportChoice]) async
    /// The account's import rules, sealed in the cache (nil: no account known here).
    func importRules() async -> [ImportRule]?
    /// The account's import rules replaced whole; false when they could not be kept.
    func saveImportRules(_ rules: [ImportRule]) async -> Bool
    /// The period whose « Bilan du mois » was last shown (nil: never recorded, or no account).
    func recapSeen() async -> BudgetMonth?
    /// Records that the recap of the period before `month` was shown.
    func markRecapSeen(_ month: BudgetMonth) async
    /// `GET /tags/:id/history`; nil when the server did not answer.
    func serverTagHistory(id: String, months: Int, end: BudgetMonth) async -> TagHistory?
    /// Every month the cache holds with its rows, oldest first (`pulpe export`).
    func cachedAccount() async -> [BudgetDetails]
    /// The months that may answer a query, each with only the rows `prefilter` lets through (all of
    /// them in `whole`), oldest first (`pulpe query`, decision 118).
    func cachedAccount(matching prefilter: QueryPrefilter, whole: Set<BudgetMonth>) async -> [BudgetDetails]
    /// Every month with its transactions summed per prévision, kind and tags (all of them in
    /// `whole`), oldest first: what a report or a forecast reads (decision 118).
    func cachedAccountSummed(whole: Set<BudgetMonth>) async -> [BudgetDetails]
    /// Whether the server's text search was found unusable in this process (see `searchAcrossMonths`).
    func serverSearchIsUnusable() async -> Bool
    /// Notes that the server's text search answered nothing where the replica had hits.
    func noteServerSearchUnusable() async
}

extension BudgetService {
    /// Conformers without a server (the unreachable services, test doubles) know no template.
    public func templates() async -> [BudgetTemplate]? { nil }
    public func templatePreviews(askServer: Bool) async -> [TemplatePreview]? { nil }
    public func search(_ query: String, years: [Int], tagIds: [String]) async -> [SearchHit]? { nil }
    public func cachedMonths() async -> [BudgetMonth] { [] }
    public func cachedMonthPreview(_ month: BudgetMonth) async -> Fetched<MonthContent>? { nil }
    public func syncAccount(ifOlderThan limit: Duration?) async -> ReplicaOutcome { .failed(.offline) }
    /// The whole account read now, whenever it was last.
    public func syncAccount() async -> ReplicaOutcome { await syncAccount(ifOlderThan: nil) }
    public func replicaStatus() async -> ReplicaStatus? { nil }
    public func tagCatalogue(askServer: Bool) async -> [Tag]? { nil }
    public func savingsGoalCatalogue(askServer: Bool) async -> [SavingsGoal]? { nil }
    public func reviewStatement(path: String) async -> Result<[ImportReviewRow], StatementFailure> { .failure(.noAccount) }
    public func planStatement(_ statement: BankStatement, month: BudgetMonth?, askServerForTags: Bool) async -> ImportPlan? { nil }
    public func rememberImportChoices(_ choices: [ImportChoice]) async {}
    public func importRules() async -> [ImportRule]? { nil }
    public func saveImportRules(_ rules: [ImportRule]) async -> Bool { false }
    public func recapSeen() async -> BudgetMonth? { nil }
    public func markRecapSeen(_ month: BudgetMonth) async {}
    public func serverTagHistory(id: String, months: Int, end: BudgetMonth) async -> TagHistory? { nil }
    public func serverSearchIsUnusable() async -> Bool { false }
    public func noteServerSearchUnusable() async {}

    /// Every month whole (the network services ask the cache's SQL instead).
    public func cachedAccount(matching prefilter: QueryPrefilter, whole: Set<BudgetMonth>) async -> [BudgetDetails] {
        await cachedAccount()
    }

    /// Every month whole (the network services ask the cache's SQL instead).
    public func cachedAccountSummed(whole: Set<BudgetMonth>) async -> [BudgetDetails] {
        await cachedAccount()
    }

    /// Month by month through `cachedMonth`.
    public func cachedAccount() async -> [BudgetDetails] {
        var months: [BudgetDetails] = []
        for month in await cachedMonths() {
            if case let .budget(details)? = await cachedMonth(month)?.value { months.append(details) }
        }
        return months
    }

    /// Month by month through `cachedMonth` (the network services ask the cache's SQL instead).
    public func searchCache(_ query: String, years: [Int], excluding excluded: Set<BudgetMonth>,
                            tagNames: [String: String]) async -> [SearchHit] {
        var hits: [SearchHit] = []
        for month in await cachedMonths() where (years.isEmpty || years.contains(month.year)) && !excluded.contains(month) {
            guard case let .budget(details)? = await cachedMonth(month)?.value else { continue }
            hits += SearchHit.hits(query, in: details, month: month, tagNames: tagNames)
        }
        return hits
    }
}
