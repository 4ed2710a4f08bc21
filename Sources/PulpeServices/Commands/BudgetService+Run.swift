import PulpeCore
import PulpeDomain

extension BudgetService {
    /// How long a search waits for the server before answering from the cache alone.
    static var searchTimeout: Duration { .seconds(8) }

    /// The budget concern's commands, as `EffectRunner` hands them over: stale-while-revalidate,
    /// the cached copy first (instant, works offline), then the server's.
    public func run(_ command: BudgetCommand, now: @escaping @Sendable () -> AppTime,
                    send: @escaping @Sendable (BudgetEvent) -> Void) async {
        switch command {
        case .loadSettings:
            // The cached settings first (they name the current period at once, so the month and
            // year load while the server answers), with this year's list already on its way.
            await prepareHome()
            if let cached = await cachedSettings() { send(.settingsLoaded(cached, at: now())) }
            send(.settingsLoaded(await loadSettings(), at: now()))
        case let .loadMonth(month):
            if let preview = await cachedMonthPreview(month) { send(.monthLoaded(month, .fetched(preview), at: now())) }
            if let cached = await cachedMonth(month) { send(.monthLoaded(month, .fetched(cached), at: now())) }
            send(.monthLoaded(month, await fetchMonth(month), at: now()))
        case let .loadYear(year):
            if let cached = await cachedYear(year) { send(.yearLoaded(year, .fetched(cached), at: now())) }
            send(.yearLoaded(year, await fetchYear(year), at: now()))
        case let .loadCached(load):
            // The API gate is closed (before the status check, maintenance): the cache only;
            // `.failed(.offline)` when it holds none (the core knows whether that is offline
            // browsing or a start-up still waiting for the check).
            switch load {
            case .settings:
                send(.settingsLoaded(await cachedSettings() ?? .failed(.offline), at: now()))
            case let .month(month):
                // A huge month's first screen while the rest is read (`BudgetDetails.preview`).
                if let preview = await cachedMonthPreview(month) { send(.monthLoaded(month, .fetched(preview), at: now())) }
                let outcome: FetchOutcome<MonthContent> = (await cachedMonth(month)).map { .fetched($0) } ?? .failed(.offline)
                send(.monthLoaded(month, outcome, at: now()))
            case let .year(year):
                let outcome: FetchOutcome<[BudgetSummary]> = (await cachedYear(year)).map { .fetched($0) } ?? .failed(.offline)
                send(.yearLoaded(year, outcome, at: now()))
            }
        case let .search(query, askServer, scope):
            let found = await searchAcrossMonths(query, years: scope.years, askServer: askServer,
                                                 timeout: scope.serverTimeout ?? Self.searchTimeout, outbox: scope.outbox)
            send(.searchFinished(query, found, at: now()))
        case let .loadTemplates(askServer):
            send(.templatesLoaded(await templatePreviews(askServer: askServer), at: now()))
        case let .syncAccount(limit):
            send(.accountSynced(await syncAccount(ifOlderThan: limit), at: now()))
        case .readAccount:
            send(.accountRead(await cachedAccount(), await replicaStatus(), at: now()))
        case let .readAccountSummed(whole):
            send(.accountRead(await cachedAccountSummed(whole: whole), await replicaStatus(), at: now()))
        case let .readAccountMatching(prefilter, whole):
            send(.accountRead(await cachedAccount(matching: prefilter, whole: whole), await replicaStatus(), at: now()))
        case let .loadTags(askServer):
            send(.tagsLoaded(await tagCatalogue(askServer: askServer), at: now()))
        case let .rememberImportChoices(choices):
            await rememberImportChoices(choices)
        case .loadRecapSeen:
            send(.recapSeenLoaded(await recapSeen(), at: now()))
        case let .markRecapSeen(month):
            await markRecapSeen(month)
        case .loadImportRules:
            send(.importRulesLoaded(await importRules(), at: now()))
        case let .saveImportRules(rules):
            send(.importRulesSaved(await saveImportRules(rules), at: now()))
        case let .readStatement(path):
            send(.statementRead(path, await reviewStatement(path: path), at: now()))
        case let .loadSavingsGoals(askServer):
            send(.savingsGoalsLoaded(await savingsGoalCatalogue(askServer: askServer), at: now()))
        case let .loadTagHistory(id, months, end, askServer):
            if askServer, let history = await serverTagHistory(id: id, months: months, end: end) {
                send(.tagHistoryLoaded(history, fromServer: true, at: now()))
            } else {
                send(.tagHistoryLoaded(TagHistory.compute(tagId: id, months: months, end: end, from: await cachedAccount()),
                                       fromServer: false, at: now()))
            }
        }
    }
}
