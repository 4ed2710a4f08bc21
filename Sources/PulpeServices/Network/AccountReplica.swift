import Foundation
import PulpeCore
import PulpeDomain
import PulpeStore

/// The replica of the whole account (decision 81): `GET /budgets/export` read in the background and
/// kept in the cache beside the months the user opened — every month with its rows, the year
/// lists, the templates and the settings — so search, the year panel, a month created offline and
/// `pulpe export` know the account, not only what was browsed.
///
/// Each month goes through the cache's one month save (`CacheStore.saveMonth`): only the rows that
/// changed are written, and a month saved meanwhile by a fresher read or by a write folded in
/// (its stamp moved since the export was asked) is kept, as for a fetched month (decision 65).
/// A month the export no longer lists is left as it is (a budget created offline may wait in the
/// outbox for it); its next `/details` read says it is gone.
extension NetworkBudgets {
    func syncAccount(ifOlderThan limit: Duration?) async -> ReplicaOutcome {
        guard let scope = await context.cacheScope() else { return .failed(.sessionExpired) }
        if let limit, let status = await replicaStatus(),
           context.clock.now().timeIntervalSince(status.at) < Double(limit.components.seconds) {
            return .synced(status)
        }
        // The stamps before the request: what changes meanwhile is newer than this answer may be.
        var stamps: [BudgetMonth: MonthStamp] = [:]
        for month in cache.cachedMonths(scope: scope) { stamps[month] = cache.monthStamp(month, scope: scope) }
        let kept = cache.replica(scope: scope)?.value
        let export: AccountExportData
        let digest: String?
        do {
            switch try await context.network.client.accountExport(unless: kept?.digest) {
            case let .read(read, newDigest): (export, digest) = (read, newDigest)
            case .unchanged:
                // The same account as the last complete read: its months are already kept.
                return await replicaUnchanged(kept ?? ReplicaRecord(months: 0), scope: scope)
            }
        } catch {
            return .failed(await context.requestFailure(error, during: "account export"))
        }
        if Task.isCancelled { return .failed(.unreachable) }
        // A wrong key reads as zeros (docs/contract.md §5): never written over good copies.
        if let zeroed = export.months.first(where: WrongKeySignature.mayBeZeroed),
           WrongKeySignature.looksZeroed(zeroed, comparedTo: cache.month(zeroed.budget.budgetMonth, scope: scope)?.value.details),
           let failure = await context.confirmKeyAfterZeros(during: "account export") {
            return .failed(failure)
        }
        let now = context.clock.now()
        // A month not saved (changed meanwhile, or the write failed) must be read again next time:
        // the digest is kept only when every month was.
        var everyMonthSaved = true
        for details in export.months {
            // Quitting stops the save between months: each month is whole, old or new.
            if Task.isCancelled { return .failed(.unreachable) }
            let month = details.budget.budgetMonth
            if !cache.saveMonth(details, month: month, scope: scope, fetchedAt: now, ifStill: stamps[month]) { everyMonthSaved = false }
        }
        for (year, months) in Dictionary(grouping: export.months, by: { $0.budget.year }) {
            let summaries = months.sorted { $0.budget.month > $1.budget.month }.map { details in
                BudgetSummary(id: details.budget.id, month: details.budget.month, year: year,
                              remaining: details.budget.remaining ?? details.totals.remaining)
            }
            cache.saveYear(summaries, year: year, scope: scope, fetchedAt: now)
        }
        MemoryTrim.afterDecoding(transactions: export.months.reduce(0) { $0 + $1.transactions.count })
        let (tags, goals) = await refreshCatalogues()
        cache.saveReplica(ReplicaRecord(months: export.months.count, digest: everyMonthSaved ? digest : nil), scope: scope, fetchedAt: now)
        context.logger.info("replica: \(export.months.count) months kept")
        return .synced(ReplicaStatus(months: export.months.count, at: now, tags: tags, savingsGoals: goals))
    }

    /// An export equal to the last complete read: no month decoded or written; the small reads
    /// beside it are asked again and the read's time moves.
    private func replicaUnchanged(_ kept: ReplicaRecord, scope: CacheScope) async -> ReplicaOutcome {
        let now = context.clock.now()
        let (tags, goals) = await refreshCatalogues()
        cache.saveReplica(kept, scope: scope, fetchedAt: now)
        context.logger.info("replica: unchanged, \(kept.months) months kept")
        return .synced(ReplicaStatus(months: kept.months, at: now, tags: tags, savingsGoals: goals))
    }

    /// The templates (a month created offline is made from them), the settings, the tags and the goals.
    private func refreshCatalogues() async -> (tags: [Tag], goals: [SavingsGoal]) {
        _ = await templatePreviews(askServer: true)
        _ = await loadSettings()
        return (await tagCatalogue(askServer: true) ?? [], await savingsGoalCatalogue(askServer: true) ?? [])
    }

    func serverSearchIsUnusable() async -> Bool { context.serverSearchUnusable.withLock { $0 } }

    func noteServerSearchUnusable() async {
        let first = context.serverSearchUnusable.withLock { unusable in
            defer { unusable = true }
            return !unusable
        }
        if first { context.logger.notice("search: the server's text search found nothing the replica found; not asked again") }
    }

    func replicaStatus() async -> ReplicaStatus? {
        guard let scope = await context.cacheScope(), let record = cache.replica(scope: scope) else { return nil }
        return ReplicaStatus(months: record.value.months, at: record.fetchedAt, tags: cache.tags(scope: scope)?.value ?? [],
                             savingsGoals: cache.savingsGoals(scope: scope)?.value ?? [])
    }

    /// The account's tags: the server's (kept in the cache) when asked and it answers, else the
    /// cache's.
    func tagCatalogue(askServer: Bool) async -> [Tag]? {
        let scope = await context.cacheScope()
        let cached = { scope.flatMap { cache.tags(scope: $0)?.value } }
        guard askServer else { return cached() }
        do {
            let tags = try await context.network.client.tags()
            if let scope { cache.saveTags(tags, scope: scope, fetchedAt: context.clock.now()) }
            return tags
        } catch {
            context.logger.warning("tags: \(error.diagnostic)")
            return cached()
        }
    }

    func savingsGoalCatalogue(askServer: Bool) async -> [SavingsGoal]? {
        let scope = await context.cacheScope()
        let cached = { scope.flatMap { cache.savingsGoals(scope: $0)?.value } }
        guard askServer else { return cached() }
        do {
            let goals = try await context.network.client.savingsGoals()
            if let scope { cache.saveSavingsGoals(goals, scope: scope, fetchedAt: context.clock.now()) }
            return goals
        } catch {
            context.logger.warning("savings goals: \(error.diagnostic)")
            return cached()
        }
    }

    func serverTagHistory(id: String, months: Int, end: BudgetMonth) async -> TagHistory? {
        do {
            return try await context.network.client.tagHistory(id: id, months: months, end: end)
        } catch {
            context.logger.warning("tag history: \(error.diagnostic)")
            return nil
        }
    }
}
