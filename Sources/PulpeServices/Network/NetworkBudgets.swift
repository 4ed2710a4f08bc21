import Foundation
import PulpeCore
import PulpeDomain
import PulpeNetworking
import PulpeStore

/// `BudgetService` over HTTP with the cache beside it: every answer from the server is stored
/// (stale-while-revalidate, decision 18), and the cached copy is offered separately.
struct NetworkBudgets: BudgetService {
    let context: ServiceContext

    var cache: CacheStore { context.cache }

    func prepareHome() async {
        await context.yearLists.prefetch(year: context.clock.today.year)
    }

    func cachedSettings() async -> SettingsOutcome? {
        guard let scope = await context.cacheScope(), let cached = cache.settings(scope: scope) else { return nil }
        return .cached(cached.value, today: context.clock.today)
    }

    func loadSettings() async -> SettingsOutcome {
        do {
            let settings = try await context.network.client.userSettings()
            if let scope = await context.cacheScope() { cache.saveSettings(settings, scope: scope, fetchedAt: context.clock.now()) }
            return .loaded(settings, today: context.clock.today)
        } catch {
            // Offline, the cached settings still say which period is current.
            if await context.isOffline(error), let cached = await cachedSettings() { return cached }
            if error.kind == .wrongClientKey { return .failed(await context.requestFailure(error, during: "settings")) }
            return .failed(context.failure(error, during: "settings"))
        }
    }

    func cachedMonth(_ month: BudgetMonth) async -> Fetched<MonthContent>? {
        guard let scope = await context.cacheScope() else { return nil }
        guard let cached = cache.month(month, scope: scope) else {
            // The whole account was read and this month was not in it: no budget, as of that read
            // (a month can be opened, and created, offline: decision 81).
            return cache.replica(scope: scope).map { Fetched(.noBudget, fetchedAt: $0.fetchedAt, fromCache: true) }
        }
        let content: MonthContent = cached.value.details.map { .budget($0) } ?? .noBudget
        return Fetched(content, fetchedAt: cached.fetchedAt, fromCache: true)
    }

    func cachedMonthPreview(_ month: BudgetMonth) async -> Fetched<MonthContent>? {
        guard let scope = await context.cacheScope(), let cached = cache.monthPreview(month, scope: scope),
              let details = cached.value.details else { return nil }
        return Fetched(.budget(details), fetchedAt: cached.fetchedAt, fromCache: true)
    }

    func fetchMonth(_ month: BudgetMonth) async -> FetchOutcome<MonthContent> {
        do {
            let scope = await context.cacheScope()
            // The entry as it is before the server is asked: a write folded in meanwhile (by a
            // sync here or in another pulpe) is newer than this answer may be, and stays (decision 65).
            let stamp = scope.flatMap { cache.monthStamp(month, scope: $0) }
            let summaries = try await context.yearLists.list(year: month.year)
            let now = context.clock.now()
            if let failure = await suspectYear(summaries, year: month.year, scope: scope) { return .failed(failure) }
            if let scope { cache.saveYear(summaries, year: month.year, scope: scope, fetchedAt: now) }
            guard let summary = summaries.first(where: { $0.month == month.month && $0.year == month.year }) else {
                if let scope { saveFetched(nil, month: month, scope: scope, fetchedAt: now, ifStill: stamp) }
                return .fetched(Fetched(.noBudget, fetchedAt: now, fromCache: false))
            }
            // The copy on screen shares its strings with the answer: a refresh of a 100 000-row
            // month does not hold two sets of ids and names at once (decision 69).
            let held = scope.map { cache.heldTransactions(month, scope: $0) } ?? []
            let tag = scope.flatMap { cache.monthETag(month, scope: $0) }
            let read = try await context.network.client.budgetDetails(id: summary.id, reusing: held, unlessTagged: tag)
            let details: BudgetDetails
            let etag: String?
            switch read {
            case let .details(month, tag): (details, etag) = (month, tag)
            case .notModified:
                // The copy kept is the server's (issue 61): its read time moves, no row is written.
                if let scope, cache.touchMonth(month, scope: scope, fetchedAt: now, ifStill: stamp),
                   let kept = cache.month(month, scope: scope)?.value.details {
                    return .fetched(Fetched(.budget(kept), fetchedAt: now, fromCache: false))
                }
                // Changed here meanwhile: read it whole.
                guard case let .details(month, tag) = try await context.network.client.budgetDetails(id: summary.id, reusing: held,
                                                                                                      unlessTagged: nil) else {
                    return .failed(.unreachable)
                }
                (details, etag) = (month, tag)
            }
            // A wrong key reads as zeros (docs/contract.md §5): never shown, never written over a good copy.
            // The cached copy is read to compare only when the answer is all zeros.
            if WrongKeySignature.mayBeZeroed(details),
               WrongKeySignature.looksZeroed(details, comparedTo: scope.flatMap { cache.month(month, scope: $0)?.value.details }),
               let failure = await context.confirmKeyAfterZeros(during: "month \(month.year)-\(month.month)") {
                return .failed(failure)
            }
            if let scope { saveFetched(details, month: month, scope: scope, fetchedAt: now, ifStill: stamp, etag: etag) }
            MemoryTrim.afterDecoding(transactions: details.transactions.count)
            return .fetched(Fetched(.budget(details), fetchedAt: now, fromCache: false))
        } catch {
            return .failed(await context.requestFailure(error, during: "month \(month.year)-\(month.month)"))
        }
    }

    /// Saves a fetched month unless another save came in since `stamp` (then the cache keeps it,
    /// and the next fetch brings both).
    private func saveFetched(_ details: BudgetDetails?, month: BudgetMonth, scope: CacheScope, fetchedAt: Date, ifStill stamp: MonthStamp?,
                             etag: String? = nil) {
        guard !cache.saveMonth(details, month: month, scope: scope, fetchedAt: fetchedAt, ifStill: stamp, etag: etag), stamp != nil else {
            return
        }
        context.logger.info("cache: month \(month.year)-\(month.month) not saved: it changed during the fetch (or the write failed, above)")
    }

    func cachedYear(_ year: Int) async -> Fetched<[BudgetSummary]>? {
        guard let scope = await context.cacheScope(), let cached = cache.year(year, scope: scope) else { return nil }
        return Fetched(cached.value, fetchedAt: cached.fetchedAt, fromCache: true)
    }

    func search(_ query: String, years: [Int], tagIds: [String]) async -> [SearchHit]? {
        do {
            return try await context.network.client.searchTransactions(query, years: years, tagIds: tagIds)
        } catch {
            context.logger.warning("search: \(error.diagnostic)")
            return nil
        }
    }

    func searchCache(_ query: String, years: [Int], excluding excluded: Set<BudgetMonth>, tagNames: [String: String]) async -> [SearchHit] {
        guard let scope = await context.cacheScope() else { return [] }
        return cache.search(query, scope: scope, years: years, excluding: excluded, tagNames: tagNames)
    }

    func cachedAccount(matching prefilter: QueryPrefilter, whole: Set<BudgetMonth>) async -> [BudgetDetails] {
        guard let scope = await context.cacheScope() else { return [] }
        let months = cache.queryMonths(prefilter, scope: scope, whole: whole) ?? []
        context.logger.info("query: \(months.count) months, \(months.reduce(0) { $0 + $1.transactions.count }) rows read (\(whole.count) whole)")
        return months
    }

    func cachedAccountSummed(whole: Set<BudgetMonth>) async -> [BudgetDetails] {
        guard let scope = await context.cacheScope() else { return [] }
        if let months = cache.summedMonths(scope: scope, whole: whole) { return months }
        // An amount with more than two decimals: the rows themselves.
        return await cachedAccount()
    }

    func cachedMonths() async -> [BudgetMonth] {
        guard let scope = await context.cacheScope() else { return [] }
        return cache.cachedMonths(scope: scope)
    }

    func templates() async -> [BudgetTemplate]? {
        do {
            return try await context.network.client.budgetTemplates()
        } catch {
            context.logger.warning("templates: \(error.diagnostic)")
            return nil
        }
    }

    /// The server's templates with their lines, kept in the cache; the cache's when the server
    /// is not asked or does not answer (a month created offline uses the last ones seen).
    func templatePreviews(askServer: Bool) async -> [TemplatePreview]? {
        let scope = await context.cacheScope()
        let cached = { scope.flatMap { cache.templates(scope: $0)?.value } }
        guard askServer, let templates = await templates() else { return cached() }
        var previews: [TemplatePreview] = []
        for template in templates {
            do {
                previews.append(TemplatePreview(template: template, lines: try await context.network.client.templateLines(template.id)))
            } catch {
                context.logger.warning("template lines: \(error.diagnostic)")
                return cached()
            }
        }
        let ordered = TemplatePreview.ordered(previews)
        if let scope { cache.saveTemplates(ordered, scope: scope, fetchedAt: context.clock.now()) }
        return ordered
    }

    func fetchYear(_ year: Int) async -> FetchOutcome<[BudgetSummary]> {
        do {
            let summaries = try await context.yearLists.list(year: year)
            let now = context.clock.now()
            let scope = await context.cacheScope()
            if let failure = await suspectYear(summaries, year: year, scope: scope) { return .failed(failure) }
            if let scope { cache.saveYear(summaries, year: year, scope: scope, fetchedAt: now) }
            return .fetched(Fetched(summaries, fetchedAt: now, fromCache: false))
        } catch {
            return .failed(await context.requestFailure(error, during: "year \(year)"))
        }
    }

    /// A year list that reads as zeros where the cached one had figures: why it must not be used
    /// (the key was refused, or could not be checked), or nil when the server confirms the key.
    private func suspectYear(_ summaries: [BudgetSummary], year: Int, scope: CacheScope?) async -> Failure? {
        let cached = scope.flatMap { cache.year(year, scope: $0)?.value }
        guard WrongKeySignature.looksZeroed(summaries, comparedTo: cached) else { return nil }
        return await context.confirmKeyAfterZeros(during: "year \(year)")
    }
}
