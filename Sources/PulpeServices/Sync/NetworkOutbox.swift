import Foundation
import Logging
import PulpeCore
import PulpeDomain
import PulpeNetworking
import PulpeStore

/// `OutboxService` over the durable `OutboxStore` and the API client: the one sync engine, used by
/// the TUI and by the shell commands alike.
///
/// Storing commits to disk before anything else. Sending claims the oldest due item (so another
/// `pulpe` never sends it at the same time), posts it with its own id, then records the outcome;
/// a kill at any point leaves either a pending item or a claim that the next process takes over,
/// and the replay gets 201 or 409 — the expense exists once.
final class NetworkOutbox: OutboxService {
    private let context: ServiceContext
    private let store: OutboxStore?
    private let owner: String
    private let gate = SyncGate()
    /// What the start found wrong with the outbox's file, carried by every snapshot.
    private let notice: OutboxNotice?
    /// A claim older than this belongs to a process that is gone (longer than one operation's
    /// 30 s budget, so a slow send is never taken over while it runs).
    static let claimTimeout: TimeInterval = 90

    init(context: ServiceContext, store: OutboxStore?, owner: String = OutboxOwner.current.token,
         notice: OutboxNotice? = nil) {
        self.context = context
        self.store = store
        self.owner = owner
        self.notice = notice
    }

    func snapshot() async -> OutboxSnapshot {
        guard let store, let scope = await context.cacheScope() else { return OutboxSnapshot(notice: notice) }
        do {
            let items = try store.items(scope: scope)
            return OutboxSnapshot(items: items.filter { $0.transaction != nil }.map(pending),
                                  changes: items.filter { $0.transaction == nil }.map(change), notice: notice)
        } catch {
            context.logger.error("\(error)")
            return OutboxSnapshot(notice: notice)
        }
    }

    func store(change draft: ChangeDraft) async -> Result<String?, StoreFailure> {
        guard let store else { return .failure(.diskUnavailable) }
        guard let scope = await context.cacheScope() else { return .failure(.notSignedIn) }
        // A created transaction's item is known by its client id (the server's id for it too).
        let id = if case let .createTransaction(new) = draft.operation, let clientId = new.id { clientId } else {
            UUID().uuidString.lowercased()
        }
        let now = context.clock.now()
        if case let .updateSettings(change) = draft.operation, let payDay = change.payDay {
            // Before the new pay day is stored (and long before it is sent): what waits dated goes
            // to the budget of the period it now falls in.
            await replan(to: payDay, store: store, scope: scope)
        }
        do {
            let stored = try store.enqueue(draft.operation.stamped(at: now, in: context.clock.timeZone), id: id, label: draft.label,
                                           previousAmount: draft.previousAmount, month: draft.month, scope: scope, at: now,
                                           notBefore: draft.hold.map { now.addingTimeInterval(TimeInterval($0)) },
                                           claimTimeout: Self.claimTimeout, isOwnerAlive: OutboxOwner.isAlive)
            context.logger.info("outbox: stored \(draft.operation.kindName)", metadata: ["id": "\(id)", "as": "\(stored)"])
            if case .stored = stored { return .success(id) }
            return .success(nil)
        } catch {
            context.logger.error("\(error)")
            return .failure(.diskUnavailable)
        }
    }

    func sync(progress: @escaping @Sendable (SyncEvent) -> Void) async -> SyncReport {
        guard let store, let scope = await context.cacheScope() else { return SyncReport() }
        return await gate.run { [self] in await drain(store: store, scope: scope, progress: progress) }
    }

    /// Sends due items oldest first until none is due, or one must wait.
    private func drain(store: OutboxStore, scope: CacheScope, progress: @escaping @Sendable (SyncEvent) -> Void) async
        -> SyncReport {
        var report = SyncReport()
        let total = (try? store.pendingCount(scope: scope)) ?? 0
        var index = 0
        while true {
            let item: OutboxItem
            do {
                guard let next = try store.claimNext(scope: scope, owner: owner, at: context.clock.now(),
                                                     claimTimeout: Self.claimTimeout, isOwnerAlive: OutboxOwner.isAlive)
                else { break }
                item = next
            } catch {
                context.logger.error("\(error)")
                report.stoppedBy = .localStorage
                break
            }
            index += 1
            progress(.sending(index: index, total: max(total, index)))
            let decision = await send(item)
            if decision == .done { await readBack(item) }
            if apply(decision, to: item, store: store, report: &report, progress: progress) { break }
        }
        report.remaining = (try? store.pendingCount(scope: scope)) ?? 0
        return report
    }

    /// Sends one item and decides what its answer means (`SyncDecision`, the §14.7 table); a create
    /// answered 409 (done only if this account holds it), or a replayed one answered 404 or 400, is
    /// looked up by id first.
    private func send(_ item: OutboxItem) async -> SyncDecision {
        let sender = OperationSender(client: context.network.client)
        let isReplay = item.sends > 1
        var operation = item.operation
        if case let .updateSettings(change) = item.operation, let payDay = change.payDay, let store {
            // Expenses entered while the new pay day waited were put in its old periods: re-planned
            // again now, before the server's periods move.
            await replan(to: payDay, store: store, scope: item.scope)
        }
        do {
            // A write into a month created offline names it by provisional ids until now.
            switch try await ProvisionalIds(client: context.network.client, yearLists: context.yearLists).resolve(item.operation) {
            case let .resolved(resolved): operation = resolved
            case .notYet: return .keep(.unreachable, retryAfter: nil)
            case .lineMissing: return .refuse(reason: .lineGone)
            }
            let readAgain = try await sender.send(operation, isReplay: isReplay)
            switch readAgain {
            case let .templates(rewrote, created):
                await readBackTemplates(rewrote, after: operation, created: created, scope: item.scope)
            case let .settings(settings): context.cache.saveSettings(settings, scope: item.scope, fetchedAt: context.clock.now())
            case let .months(months):
                let budgets = NetworkBudgets(context: context)
                for month in months {
                    await context.yearLists.forget(year: month.year)
                    _ = await budgets.fetchMonth(month)
                }
            case .nothing: break
            }
            if Self.changesCatalogue(operation), let tags = try? await context.network.client.tags() {
                // The catalogue names the new tag at once (the rows that wait for it carry it).
                context.cache.saveTags(tags, scope: item.scope, fetchedAt: context.clock.now())
            }
            if case let .createBudget(month, _, _) = item.operation {
                // The year's list answered a moment ago no longer holds every budget: the next
                // read of the month must not resolve it from that copy (« no budget » again).
                await context.yearLists.forget(year: month.year)
            }
            if case let .generateBudgets(_, from, count, _) = item.operation {
                for year in Set((0..<count).map { from.advanced(by: $0).year }) { await context.yearLists.forget(year: year) }
            }
            return .done
        } catch {
            if case .conflict = error.kind, item.operation.isCreate {
                // An earlier attempt reached the server (its answer was lost, or its process died),
                // or another account holds the id: the look-up below tells which.
                context.logger.info("outbox: its id is taken on the server; reading it back", metadata: ["id": "\(item.id)"])
            } else {
                context.logger.warning("outbox: send failed", metadata: ["id": "\(item.id)", "error": "\(error.diagnostic)"])
            }
            // The key was changed elsewhere: the item waits (never refused for it) and the PIN is asked.
            if error.kind == .wrongClientKey { await context.dropStaleKey() }
            let decision = SyncDecision.decide(item.operation, error, isReplay: isReplay,
                                               repeatedFailures: item.sends >= OperationDecision.sendsBeforeBudgetLookUp)
            switch decision {
            case .lookUp:
                let settled = SyncDecision.afterLookUp(found: await sender.exists(item.operation), error: error)
                if settled == .done, case .conflict = error.kind {
                    context.logger.info("outbox: replay found it already on the server", metadata: ["id": "\(item.id)"])
                }
                return settled
            case .lookUpBudget:
                guard let budgetId = operation.createsInBudget, await budgetIsGone(budgetId) else {
                    return .keep(Failure(error), retryAfter: nil)
                }
                return .refuse(reason: .budgetGone)
            default:
                return decision
            }
        }
    }

    /// Whether `GET /budgets/:id` says the budget is gone (404); false on any other answer. A
    /// create into a budget deleted elsewhere is answered 500, not 404 (its row security refuses
    /// the insert): kept, it would stop the queue behind it forever (§14.7 rule 7).
    private func budgetIsGone(_ budgetId: String) async -> Bool {
        do {
            _ = try await context.network.client.budget(id: budgetId)
            return false
        } catch {
            return error.kind == .notFound
        }
    }

    /// Records one send's outcome; true when the sync must stop.
    private func apply(_ decision: SyncDecision, to item: OutboxItem, store: OutboxStore, report: inout SyncReport,
                       progress: @Sendable (SyncEvent) -> Void) -> Bool {
        do {
            switch decision {
            case .done, .lookUp, .lookUpBudget:   // the two look-ups are settled in `send`, never returned
                // The cache first: a pulpe that reads the outbox, then the cached month, sees the
                // operation in one or the other — never the gap between (decision 91).
                applyToCache(item)
                try store.markSent(id: item.id)
                report.sent.append(item.id)
                progress(.sent(id: item.id))
                context.logger.info("outbox: sent", metadata: ["id": "\(item.id)"])
                return false
            case let .keep(failure, retryAfter):
                let notBefore = retryAfter.map { context.clock.now().addingTimeInterval($0.timeInterval) }
                try store.release(id: item.id, owner: owner, notBefore: notBefore)
                report.stoppedBy = failure
                progress(.deferred(id: item.id, failure: failure))
                return true
            case let .stop(failure):
                try store.release(id: item.id, owner: owner, notBefore: nil)
                report.stoppedBy = failure
                progress(.deferred(id: item.id, failure: failure))
                return true
            case let .refuse(reason):
                try store.markRefused(id: item.id, reason: reason)
                report.refused.append(item.id)
                if item.transaction != nil {
                    var refused = pending(item)
                    refused.state = .refused(reason: reason)
                    progress(.refused(refused))
                } else {
                    var refused = change(item)
                    refused.state = .refused(reason: reason)
                    progress(.changeRefused(refused))
                }
                context.logger.warning("outbox: refused", metadata: ["id": "\(item.id)", "reason": "\(LogToken.caseName(reason))"])
                return false
            }
        } catch {
            // The send's outcome could not be written: the claim stays and is taken over later; a
            // replay then gets 409 and the item leaves the outbox then. Nothing is lost or doubled.
            context.logger.error("\(error)")
            report.stoppedBy = .localStorage
            return true
        }
    }

    /// A done operation leaves the outbox: the cached month takes its effect before the next item
    /// is sent, so what is shown (here and in every other `pulpe`, a shell command that exits right
    /// after included) neither flicks back nor loses a row until the next fetch. A create the
    /// server's copy already lists is not added twice (`OperationOverlay`).
    ///
    /// Read, apply, save only if the entry is still the one read: two pulpes folding their writes
    /// at once, or a fetch saving in between, would otherwise drop one (decision 65). Tried again
    /// on the newer copy (up to 16 times: each try loses only to another pulpe's save); past that
    /// the next fetch brings the operation. Done before the operation leaves the outbox: applying
    /// it twice (here, then by a reader's overlay of what still waits) changes nothing.
    private func applyToCache(_ item: OutboxItem) {
        let scope = item.scope
        // A group write's months: read again when it was sent (the server's lines, not a guess);
        // done on a failure row (a replay answered 404 or 409) they were not — aged, so the next
        // read asks the server.
        guard item.operation.groupMonths.isEmpty else {
            for month in item.operation.groupMonths {
                guard let stamp = context.cache.monthStamp(month, scope: scope), let cached = context.cache.month(month, scope: scope),
                      let details = cached.value.details, cached.fetchedAt < context.clock.now().addingTimeInterval(-5) else { continue }
                _ = context.cache.saveMonth(details, month: month, scope: scope, fetchedAt: .distantPast, ifStill: stamp)
            }
            return
        }
        // A postponed item arrives in next month's cached copy as the server moved it.
        if let moved = postponed(item) { arrive(moved, in: item.month.next, scope: scope) }
        for _ in 0..<16 {
            guard let stamp = context.cache.monthStamp(item.month, scope: scope),
                  let cached = context.cache.month(item.month, scope: scope), let details = cached.value.details else { return }
            let updated = OperationOverlay.apply([item.operation], to: details, now: context.clock.now())
            guard updated != details else { return }
            if context.cache.saveMonth(updated, month: item.month, scope: scope, fetchedAt: cached.fetchedAt, ifStill: stamp) { return }
        }
        context.logger.warning("outbox: the cached month kept changing; the next fetch brings the operation", metadata: ["id": "\(item.id)"])
    }

    /// A month's creation or plan, done: the months it made read back from the server and kept
    /// before it leaves the outbox, so no read — this pulpe's, the next one's, one offline later —
    /// answers with the « no budget » read before it (decision 94). A month that cannot
    /// be read back has its cached copy aged: the next read asks the server instead of trusting it.
    private func readBack(_ item: OutboxItem) async {
        let months = item.operation.madeMonths
        guard !months.isEmpty else { return }
        let budgets = NetworkBudgets(context: context)
        for month in months {
            if case .fetched = await budgets.fetchMonth(month) { continue }
            // A copy with a budget stays; « no budget », cached or said by the replica, is aged.
            let stamp = context.cache.monthStamp(month, scope: item.scope)
            guard context.cache.month(month, scope: item.scope)?.value.details == nil else { continue }
            context.cache.saveMonth(nil, month: month, scope: item.scope, fetchedAt: .distantPast, ifStill: stamp)
        }
    }

    /// What a new pay day moves among the expenses waiting (`PayDayReplan`), against the budgets
    /// the replica knows.
    func replanPreview(payDay: Int?) async -> [PayDayReplan.Move] {
        guard let store, let scope = await context.cacheScope() else { return [] }
        return replanMoves(payDay: payDay, store: store, scope: scope)
    }

    private func replanMoves(payDay: Int?, store: OutboxStore, scope: CacheScope) -> [PayDayReplan.Move] {
        guard let items = try? store.items(scope: scope) else { return [] }
        let zone = context.clock.timeZone
        let waiting = items.compactMap { item -> PayDayReplan.Waiting? in
            // Not one on the wire now. (One an earlier send may have put on the server already is
            // moved too: its replay answers 409 and is read back where the server has it.)
            guard case .pending = item.state, item.claim == nil, case let .createTransaction(new) = item.operation,
                  let date = new.transactionDate else { return nil }
            return PayDayReplan.Waiting(id: item.id, label: item.label, day: CalendarDay(date, in: zone), month: item.month,
                                        onLine: new.budgetLineId != nil)
        }
        var budgets: [BudgetMonth: String] = [:]
        for month in Set(waiting.map { PayDayCalendar.budgetMonth(for: $0.day, payDay: payDay) }) {
            if let id = context.cache.month(month, scope: scope)?.value.details?.budget.id {
                budgets[month] = id
            } else if let id = context.cache.year(month.year, scope: scope)?.value.first(where: { $0.budgetMonth == month })?.id {
                budgets[month] = id
            }
        }
        return PayDayReplan.moves(waiting, payDay: payDay, budgets: budgets)
    }

    /// The moves applied to the queue: each expense in its new month's budget, same id and place.
    private func replan(to payDay: Int?, store: OutboxStore, scope: CacheScope) async {
        let moves = replanMoves(payDay: payDay, store: store, scope: scope)
        guard let items = try? store.items(scope: scope) else { return }
        for move in moves {
            guard let budgetId = move.budgetId, let item = items.first(where: { $0.id == move.id }),
                  case var .createTransaction(new) = item.operation else { continue }
            new.budgetId = budgetId
            do {
                try store.replace(id: move.id, with: new, month: move.to)
                context.logger.info("outbox: moved to its new pay-day period", metadata: ["id": "\(move.id)"])
            } catch {
                context.logger.error("\(error)")
            }
        }
    }

    /// After a template write: the templates kept again from the server, and the months its
    /// propagation rewrote read again — exactly those (`affectedBudgetIds`), or, when a replay
    /// found the batch already landed without its answer, every month from the current one on.
    private func readBackTemplates(_ rewrote: [String]?, after operation: WriteOperation, created: [TemplatePreview.Line]?,
                                   scope: CacheScope) async {
        let budgets = NetworkBudgets(context: context)
        // The kept templates follow at once (the fault injection found them stale when the read
        // below failed: a created line then « unknown » to the next verb); the server's read, when
        // it answers, replaces them.
        if let kept = context.cache.templates(scope: scope)?.value, created != nil || !operation.createsTemplateLines {
            context.cache.saveTemplates(TemplateOverlay.apply(operation, to: kept, created: created).filter { !$0.template.id.isEmpty },
                                        scope: scope, fetchedAt: context.clock.now())
        }
        _ = await budgets.templatePreviews(askServer: true)
        guard rewrote != [] else { return }
        guard let summaries = try? await context.network.client.budgetSummaries(fields: [.month, .year]) else { return }
        let payDay = context.cache.settings(scope: scope)?.value.payDayOfMonth
        let current = PayDayCalendar.budgetMonth(for: context.clock.now(), in: context.clock.timeZone, payDay: payDay)
        let months = summaries.compactMap { summary -> BudgetMonth? in
            guard let month = summary.budgetMonth else { return nil }
            if let rewrote { return rewrote.contains(summary.id) ? month : nil }
            return month >= current ? month : nil
        }
        for month in months {
            await context.yearLists.forget(year: month.year)
            _ = await budgets.fetchMonth(month)
        }
    }

    /// The item a postpone moves: as stored with it, else as the source month's cached copy holds
    /// it (nil: not a postpone, or neither knows it).
    private func postponed(_ item: OutboxItem) -> PostponedArrival.Item? {
        if let moved = PostponedArrival.item(of: item.operation) { return moved }
        guard let details = context.cache.month(item.month, scope: item.scope)?.value.details else { return nil }
        switch item.operation {
        case let .postponeTransaction(id, _, _): return details.transactions.first { $0.id == id }.map(PostponedArrival.Item.transaction)
        case let .postponeBudgetLine(id, _, _): return details.budgetLines.first { $0.id == id }.map(PostponedArrival.Item.line)
        default: return nil
        }
    }

    /// `moved` added to `month`'s cached copy, in that month's budget (`PostponedArrival`, the
    /// overlay's rule while it waited).
    private func arrive(_ moved: PostponedArrival.Item, in month: BudgetMonth, scope: CacheScope) {
        guard let stamp = context.cache.monthStamp(month, scope: scope), let cached = context.cache.month(month, scope: scope),
              let details = cached.value.details else { return }
        let updated = PostponedArrival.arrive(moved, in: details)
        guard updated != details else { return }
        _ = context.cache.saveMonth(updated, month: month, scope: scope, fetchedAt: cached.fetchedAt, ifStill: stamp)
    }

    func retry(id: String) async -> Bool {
        guard let store, let scope = await context.cacheScope() else { return false }
        do {
            guard let item = try store.items(scope: scope).first(where: { $0.id == id }) else { return false }
            try store.replace(id: id, with: item.operation)
            return true
        } catch {
            context.logger.error("\(error)")
            return false
        }
    }

    func cancel(change draft: ChangeDraft) async -> OutboxRemoval {
        guard let store, let scope = await context.cacheScope() else { return .notFound }
        do {
            // Stamps aside: a check is stored with the outbox's own time.
            let waiting = try store.items(scope: scope).first { $0.operation.stamped(at: .distantPast) == draft.operation.stamped(at: .distantPast) }
            guard let waiting else { return .notFound }
            return try store.cancel(waiting.operation, scope: scope, at: context.clock.now(), claimTimeout: Self.claimTimeout,
                                    isOwnerAlive: OutboxOwner.isAlive)
        } catch {
            context.logger.error("\(error)")
            return .notFound
        }
    }

    func remove(id: String) async -> OutboxRemoval {
        guard let store else { return .notFound }
        do {
            // A create sent before (its answer lost) may be on the server: as one on the wire, its
            // delete is queued behind it rather than the create dropped (the store's `enqueue` rule).
            let sentBefore = await context.cacheScope().flatMap { scope in
                try? store.items(scope: scope).first { item in
                    guard case .pending = item.state else { return false }   // a refused one is not on the server
                    return item.id == id && item.sends > 0 && item.operation.isCreate
                }
            } != nil
            let removal = sentBefore ? .inFlight : try store.remove(id: id, at: context.clock.now(), claimTimeout: Self.claimTimeout,
                                                                   isOwnerAlive: OutboxOwner.isAlive)
            guard removal == .inFlight else { return removal }
            // A creation on the wire right now (a `u` or a delete pressed while it leaves) may land:
            // its delete is queued behind it, so it ends up gone either way — never silently kept.
            guard let scope = await context.cacheScope(),
                  let item = try store.items(scope: scope).first(where: { $0.id == id }),
                  case .createTransaction = item.operation else { return removal }
            let delete = ChangeDraft(operation: .deleteTransaction(id: id), month: item.month, label: item.label)
            if case .success = await self.store(change: delete) {
                context.logger.info("outbox: removal queued behind its send", metadata: ["id": "\(id)"])
                return .removed
            }
            return removal
        } catch {
            context.logger.error("\(error)")
            return .notFound
        }
    }

    func replace(id: String, with draft: ExpenseDraft) async -> Bool {
        guard let store else { return false }
        let transaction = draft.newTransaction(id: id, timeZone: context.clock.timeZone)
            .stamped(at: context.clock.now(), in: context.clock.timeZone)
        do {
            try store.replace(id: id, with: transaction, month: draft.month)
            return true
        } catch {
            context.logger.error("\(error)")
            return false
        }
    }

    /// The core's view of an operation other than a created transaction.
    private func change(_ item: OutboxItem) -> PendingChange {
        var change = PendingChange(id: item.id, operation: item.operation, month: item.month, label: item.label,
                                   previousAmount: item.previousAmount, state: state(of: item))
        change.sequence = item.sequence
        return change
    }

    private func state(of item: OutboxItem) -> PendingExpense.State {
        switch item.state {
        case let .refused(reason): .refused(reason: reason)
        case .pending: item.claim == nil ? .pending : .sending
        }
    }

    /// The core's view of a created transaction: its draft rebuilt from the stored body.
    private func pending(_ item: OutboxItem) -> PendingExpense {
        let transaction = item.transaction ?? NewTransaction(budgetId: "", name: item.label, amount: 0, kind: .expense)
        let timeZone = context.clock.timeZone
        let draft = ExpenseDraft(transaction, month: item.month, timeZone: timeZone, day: CalendarDay(item.enqueuedAt, in: timeZone))
        var expense = PendingExpense(id: item.id, draft: draft, state: state(of: item))
        expense.sequence = item.sequence
        return expense
    }

    /// A write that changes the tag catalogue: the replica's is read again once it is sent.
    static func changesCatalogue(_ operation: WriteOperation) -> Bool {
        switch operation {
        case .createTag, .renameTag, .deleteTag: true
        default: false
        }
    }
}
