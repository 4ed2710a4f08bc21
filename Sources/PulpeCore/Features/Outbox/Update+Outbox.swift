import PulpeDomain

extension Core {
    /// The outbox's news: what it holds, a sync's progress and end, a refusal, an undo on the server.
    static func outboxMessage(_ state: inout AppState, _ event: OutboxEvent) -> [Effect] {
        switch event {
        case let .outboxChanged(snapshot):
            // Changes that left without a refusal were taken by the server: shown until the month
            // is fetched again. (A gesture shown before the outbox answered has a `local-` id.)
            let kept = Set(snapshot.changes.map(\.id))
            state.writes.recentlyDone += state.writes.outbox.changes.filter { !kept.contains($0.id) && !$0.isRefused && !$0.id.hasPrefix("local-") }
                .map { change in
                    var sent = change
                    sent.state = .sent
                    return sent
                }
            state.writes.outbox = snapshot
            return []
        case let .syncProgress(done, total):
            if done < total { postStatus(&state, .syncing(done: done + 1, total: total)) }
            return []
        case let .expenseSent(id):
            if let index = state.writes.outbox.items.firstIndex(where: { $0.id == id }) {
                var sent = state.writes.outbox.items.remove(at: index)
                sent.state = .sent
                state.writes.recentlySent.append(sent)
            }
            return []
        case let .syncFinished(sent, remaining, stoppedBy):
            // What was sent is asked for again, so the month shows the server's own rows and figures;
            // the tags too, from the cache the outbox refreshed (a tag created offline has its id now).
            let reload = sent > 0 ? reloadShownMonth(&state) + [.budgets(.loadTags(askServer: false))] + templatesSent(state)
                + settingsSent(state) : []
            return reload + syncFinished(&state, remaining: remaining, stoppedBy: stoppedBy)
        case let .expenseRefused(expense):
            if let index = state.writes.outbox.items.firstIndex(where: { $0.id == expense.id }) { state.writes.outbox.items[index] = expense }
            if case let .refused(reason) = expense.state {
                postStatus(&state, .refused(name: expense.draft.name, reason: reason))
            }
            return []
        case let .changeStored(id):
            if let expense = quickAddStoring(state), expense.id == id { quickAddStored(&state, expense) }
            return []
        case let .changeNotStored(failure):
            // The quick-add's form waits for its store (nothing else is stored while it is open).
            if quickAddStoring(state) != nil {
                quickAddNotStored(&state, failure)
                return []
            }
            postStatus(&state, .error(failure == .notSignedIn ? .sessionExpired : .localStorage, retry: nil))
            return []
        case let .changeRefused(change):
            if let index = state.writes.outbox.changes.firstIndex(where: { $0.id == change.id }) { state.writes.outbox.changes[index] = change }
            if case let .refused(reason) = change.state { postStatus(&state, .refused(name: change.label, reason: reason)) }
            return []
        }
    }

    /// `s`, `u`, `e`, and the answers of the outbox's overlays.
    static func outboxAction(_ state: inout AppState, _ action: OutboxAction) -> [Effect] {
        switch action {
        case .syncNow:
            guard state.service.allowsRequests else {
                // Maintenance: nothing leaves before it ends (then it is sent by itself); say what waits.
                postStatus(&state, offline(state))
                return []
            }
            state.writes.retries = 0
            return [.outbox(.syncOutbox)]
        case .undo:
            return undoNewest(&state)
        case .showPending:
            guard case .home = state.screen, !state.writes.outbox.writes.isEmpty else { return [] }
            state.overlay = .pendingList(selected: 0)
            return []
        case .moveUp, .moveDown:
            guard case let .pendingList(selected) = state.overlay else { return [] }
            let count = state.writes.outbox.writes.count
            state.overlay = .pendingList(selected: min(max(0, count - 1), max(0, selected + (action == .moveUp ? -1 : 1))))
            return []
        case .deleteSelected:
            guard let write = selectedWrite(state) else { return [] }
            state.overlay = .confirm(.dropPending(write))
            return []
        case .editSelected:
            switch selectedWrite(state) {
            case let .change(change)?:
                // A refused change is tried again as it is (the user fixed the cause elsewhere, or
                // the refusal was a passing one); a waiting one has nothing to retry.
                guard change.isRefused, let index = state.writes.outbox.writes.firstIndex(of: .change(change)) else { return [] }
                var retried = change
                retried.state = .pending
                state.writes.outbox.writes[index] = .change(retried)
                state.status.dismissError(now: state.now)
                return [.outbox(.retryChange(id: change.id, thenSync: maySend(state)))]
            case let .expense(expense)?:
                state.overlay = nil
                return editPending(&state, expense)
            case nil:
                return []
            }
        }
    }

    /// A sync ended. Items left behind a transient failure are tried again with backoff (capped
    /// so a queued expense leaves within 30 s of the server answering again); a failure that
    /// needs the user is said on the status line.
    static func syncFinished(_ state: inout AppState, remaining: Int, stoppedBy: Failure?) -> [Effect] {
        guard remaining > 0 else {
            state.writes.retries = 0
            state.timers.cancel(.outboxRetry)
            // A send error said earlier is over.
            if case .error(_, .outbox(.syncNow))? = state.status.current?.kind { state.status.dismissError(now: state.now) }
            return []
        }
        // Items left without a failure were not due (a `Retry-After`, another process's send):
        // try again later, like after a transient failure.
        switch stoppedBy ?? .serverError {
        case let failure where failure.needsTheUser:
            postStatus(&state, .error(failure, retry: .outbox(.syncNow)))
            return []
        case .maintenance:
            // The maintenance screen takes over; leaving it syncs again.
            return []
        case let failure:
            // « Synchronisation 1/2… » ends here (and its spinner with it): say what waits.
            if stoppedBy == nil {
                // Nothing was due, nothing was said.
            } else if failure.isTransport {
                postStatus(&state, offline(state, pending: remaining))
            } else {
                postStatus(&state, .error(failure, retry: .outbox(.syncNow)))
            }
            let delay = OutboxRetry.backoff.delay(afterRetries: state.writes.retries, using: &state.random)
            state.writes.retries += 1
            return [.schedule(state.timers.arm(.outboxRetry), after: delay)]
        }
    }

    static func retryOutbox(_ state: inout AppState) -> [Effect] {
        guard maySend(state), state.pendingCount > 0 else { return [] }
        return [.outbox(.syncOutbox)]
    }

    /// Requests reach the server again: send what waits.
    static func outboxReachable(_ state: inout AppState) -> [Effect] {
        guard maySend(state), state.pendingCount > 0 else { return [] }
        state.writes.retries = 0
        return [.outbox(.syncOutbox)]
    }

    /// What the outbox holds may be sent: the status check allows requests (never before it
    /// answered, never during maintenance: decision 35) and the client key is unlocked.
    static func maySend(_ state: AppState) -> Bool {
        state.service.allowsRequests && state.session?.isUnlocked == true
    }

    /// The server's month has these expenses now: they no longer need keeping as « just sent ».
    static func forgetSent(_ state: inout AppState, in details: BudgetDetails) {
        // The server's month has every change that left before it was asked.
        if !state.writes.recentlyDone.isEmpty {
            let month = BudgetMonth(year: details.budget.year, month: details.budget.month)
            state.writes.recentlyDone.removeAll { $0.month == month }
        }
        guard !state.writes.recentlySent.isEmpty else { return }
        let known = Set(details.transactions.lazy.map(\.id))
        state.writes.recentlySent.removeAll { known.contains($0.id) }
    }

    /// The shown month asked again (after a sync or an undo on the server), and its year's list:
    /// the grid's remaining and closing balance are the server's once the overlay no longer holds
    /// what was sent.
    static func reloadShownMonth(_ state: inout AppState) -> [Effect] {
        guard let home = state.shownHome, let browse = home.browse else { return [] }
        // A month something was postponed into, once no postpone into it waits any more.
        let waiting = Set(state.writes.outbox.changes.filter(\.operation.isPostpone).map(\.month.next))
        let arrived = state.writes.postponedInto.subtracting(waiting).subtracting([browse.month])
        state.writes.postponedInto.subtract(arrived)
        return [.budgets(.loadMonth(browse.month)), .budgets(.loadYear(browse.month.year))]
            + arrived.sorted().map { .budgets(.loadMonth($0)) }
    }
}

extension Failure {
    /// Sending cannot succeed until the user acts (signs in again, enters the PIN, calls support).
    var needsTheUser: Bool {
        switch self {
        case .sessionExpired, .pinRequired, .wrongPin, .keyChanged, .clientKeyInvalid, .accountBlocked, .ipBlocked,
             .accessDenied: true
        default: false
        }
    }
}

/// How long the app waits before sending again after a transient failure: 2 s, 4 s, 8 s …, never
/// more than 25 s, full jitter — so what waits leaves within 30 s of the server answering again.
public enum OutboxRetry {
    public static let backoff = Backoff(initial: .seconds(2), multiplier: 2, cap: .seconds(25), jitter: .full)
}

extension Core {
    /// « Hors ligne — 2 dépenses en attente »: what waits (`pending`: as the sync counted it),
    /// worded as the outbox's copy says (`onlyExpensesPending`).
    static func offline(_ state: AppState, pending: Int? = nil) -> StatusEntry.Kind {
        .offline(pending: pending ?? state.pendingCount, onlyExpenses: state.writes.outbox.onlyExpensesPending)
    }

    /// `q`: with expenses still queued, ask first (they stay queued and leave at the next start) —
    /// at home, and on the maintenance and « Connexion impossible » screens, where they are the
    /// likeliest to be waiting (docs/product.md §4).
    static func quitAsked(_ state: inout AppState) -> [Effect] {
        let asks = switch state.screen {
        case .home, .maintenance, .networkUnavailable: true
        case .splash, .checking, .login, .pin: false
        }
        if asks, state.overlay == nil, state.pendingCount > 0 {
            state.overlay = .confirm(.quitWithPending(count: state.pendingCount, onlyExpenses: state.writes.outbox.onlyExpensesPending))
            return []
        }
        return quit(&state, exitCode: 0)
    }

    static func confirmed(_ state: inout AppState, yes: Bool) -> [Effect] {
        guard case let .confirm(question) = state.overlay else { return [] }
        state.overlay = nil
        guard yes else {
            switch question {
            case .dropPending: state.overlay = .pendingList(selected: 0)
            case let .checkLineTransactions(lineId, _, _): return checkLineAnswered(&state, lineId: lineId, withTransactions: false)
            case let .reconcileToCheck(count): return reconcileToCheckAnswered(&state, yes: false, unchecked: count)
            case .quitWithPending, .deleteSent, .signOut: break   // a sent quick-add's entry stays for `u`
            }
            return []
        }
        switch question {
        case .quitWithPending:
            return quit(&state, exitCode: 0)
        case .signOut:
            return signOutConfirmed(&state)
        case let .deleteSent(entry):
            // Deleted through the outbox like any write: stored first, sent when the server can.
            state.writes.undoStack.removeAll { $0 == entry }
            if let id = entry.createdTransactionId { state.writes.recentlySent.removeAll { $0.id == id } }
            entry.undo.forEach { showAtOnce(&state, $0) }
            return entry.undo.map { .outbox(.storeChange($0, thenSync: maySend(state))) }
        case let .dropPending(write):
            state.writes.outbox.writes.removeAll { $0.id == write.id }
            if case .expense = write { forgetQuickAdd(&state, id: write.id) }
            if !state.writes.outbox.writes.isEmpty { state.overlay = .pendingList(selected: 0) }
            state.status.dismissError(now: state.now)
            return [.outbox(.removePending(id: write.id))]
        case let .checkLineTransactions(lineId, _, _):
            return checkLineAnswered(&state, lineId: lineId, withTransactions: true)
        case let .reconcileToCheck(count):
            return reconcileToCheckAnswered(&state, yes: true, unchecked: count)
        }
    }

    /// A quick-add deleted otherwise than by `u`: nothing left for `u` to take back.
    static func forgetQuickAdd(_ state: inout AppState, id: String) {
        state.writes.undoStack.removeAll { $0.createdTransactionId == id }
    }

    /// The highlighted row of the pending list (`OutboxSnapshot.writes`), if the list is open.
    static func selectedWrite(_ state: AppState) -> PendingWrite? {
        guard case let .pendingList(selected) = state.overlay, state.writes.outbox.writes.indices.contains(selected) else { return nil }
        return state.writes.outbox.writes[selected]
    }
}
