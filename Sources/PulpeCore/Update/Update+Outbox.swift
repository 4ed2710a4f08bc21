extension Core {
    /// The outbox's news: what it holds, a sync's progress, a refusal, an undo on the server.
    static func outboxMessage(_ state: inout AppState, _ msg: Msg) -> [Effect] {
        switch msg {
        case let .outboxChanged(snapshot):
            state.outbox = snapshot
            state.pendingCount = snapshot.pendingCount
            return []
        case let .expenseStored(expense):
            state.lastQuickAddId = expense.id
            if !state.outbox.items.contains(where: { $0.id == expense.id }) { state.outbox.items.append(expense) }
            state.pendingCount = state.outbox.pendingCount
            return quickAddStored(&state, expense)
        case let .expenseNotStored(failure):
            return quickAddNotStored(&state, failure)
        case let .syncProgress(done, total):
            if done < total { postStatus(&state, .syncing(done: done + 1, total: total)) }
            return []
        case .expenseRefused, .sentExpenseDeleted:
            return []
        default:
            return []
        }
    }

    /// `s`, `u`, `e`.
    static func outboxAction(_ state: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case .syncNow:
            return [.syncOutbox]
        default:
            return []
        }
    }
}
