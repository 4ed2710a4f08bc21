import PulpeDomain

extension Core {
    /// The outbox's news: what it holds, a sync's progress and end, a refusal, an undo on the server.
    static func outboxMessage(_ state: inout AppState, _ msg: Msg) -> [Effect] {
        switch msg {
        case let .outboxChanged(snapshot):
            state.outbox = snapshot
            state.pendingCount = snapshot.pendingCount
            return []
        case let .expenseStored(expense):
            state.lastQuickAdd = expense
            if !state.outbox.items.contains(where: { $0.id == expense.id }) { state.outbox.items.append(expense) }
            state.pendingCount = state.outbox.pendingCount
            return quickAddStored(&state, expense)
        case let .expenseNotStored(failure):
            return quickAddNotStored(&state, failure)
        case let .syncProgress(done, total):
            if done < total { postStatus(&state, .syncing(done: done + 1, total: total)) }
            return []
        case let .syncFinished(remaining, stoppedBy):
            return syncFinished(&state, remaining: remaining, stoppedBy: stoppedBy)
        case let .expenseRefused(expense):
            if let index = state.outbox.items.firstIndex(where: { $0.id == expense.id }) { state.outbox.items[index] = expense }
            if case let .refused(reason) = expense.state {
                postStatus(&state, .refused(name: expense.draft.name, reason: reason))
            }
            return []
        case let .sentExpenseDeleted(_, failure):
            if let failure {
                postStatus(&state, .error(failure, retry: nil))
                return []
            }
            // The month list shows the server's copy: ask again so the undone expense leaves it.
            return reloadShownMonth(&state)
        default:
            return []
        }
    }

    /// `s`, `u`, `e`.
    static func outboxAction(_ state: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case .syncNow:
            state.outboxRetries = 0
            return [.syncOutbox]
        default:
            return []
        }
    }

    /// A sync ended. Items left behind a transient failure are tried again with backoff (capped
    /// so a queued expense leaves within 30 s of the server answering again); a failure that
    /// needs the user is said on the status line.
    static func syncFinished(_ state: inout AppState, remaining: Int, stoppedBy: Failure?) -> [Effect] {
        guard remaining > 0, let failure = stoppedBy else {
            state.outboxRetries = 0
            state.timers.cancel(.outboxRetry)
            return []
        }
        switch failure {
        case .sessionExpired, .pinRequired, .wrongPin, .clientKeyInvalid, .accountBlocked, .ipBlocked, .accessDenied:
            postStatus(&state, .error(failure, retry: .syncNow))
            return []
        case .maintenance:
            // The maintenance screen takes over; leaving it syncs again.
            return []
        default:
            let delay = OutboxRetry.backoff.delay(afterRetries: state.outboxRetries, using: &state.random)
            state.outboxRetries += 1
            return [.schedule(state.timers.arm(.outboxRetry), after: delay)]
        }
    }

    static func retryOutbox(_ state: inout AppState) -> [Effect] {
        guard state.session?.isUnlocked == true, state.pendingCount > 0 else { return [] }
        return [.syncOutbox]
    }

    /// Requests reach the server again: send what waits.
    static func outboxReachable(_ state: inout AppState) -> [Effect] {
        guard state.session?.isUnlocked == true, state.pendingCount > 0 else { return [] }
        state.outboxRetries = 0
        return [.syncOutbox]
    }

    /// The shown month asked again (after an undo on the server).
    static func reloadShownMonth(_ state: inout AppState) -> [Effect] {
        guard case let .home(home) = state.screen, let browse = home.browse else { return [] }
        return [.loadMonth(browse.month)]
    }
}

/// How long the app waits before sending again after a transient failure: 2 s, 4 s, 8 s …, never
/// more than 25 s, full jitter — so what waits leaves within 30 s of the server answering again.
public enum OutboxRetry {
    public static let backoff = Backoff(initial: .seconds(2), multiplier: 2, cap: .seconds(25), jitter: .full)
}
