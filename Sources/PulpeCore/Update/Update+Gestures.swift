import PulpeDomain

/// The daily gestures on the selected transaction (issue 24): `x` checks it off or not, `d`
/// deletes it with a window to take it back, `u` undoes the newest gesture. Each is an operation
/// of the one outbox (`OutboxCommand.storeChange`): durable before anything is sent, applied on
/// screen at once, sent when the gate is open, kept while it is not.
extension Core {
    /// How long a delete waits, stored but not sent, for `u`.
    static let deleteWindow = 5

    static func gesture(_ state: inout AppState, _ action: Action) -> [Effect] {
        guard case let .home(home) = state.screen, home.quickAdd == nil, let browse = home.browse,
              browse.focus == .month, let cursor = browse.list.cursor, let details = browse.shownDetails,
              cursor < browse.list.rows.count else { return [] }
        let index = browse.list.rows[cursor]
        guard details.transactions.indices.contains(index) else { return [] }
        let transaction = details.transactions[index]
        // An expense still in the outbox is not on the server: deleting it is the pending list's
        // « Supprimer » (asked first), which drops it from the outbox.
        if action == .deleteSelectedTransaction, let waiting = state.outbox.items.first(where: { $0.id == transaction.id }) {
            state.overlay = .confirm(.deletePending(waiting))
            return []
        }
        switch action {
        case .toggleCheckSelected:
            let checked = !transaction.isChecked
            let done = ChangeDraft(operation: .setTransactionChecked(id: transaction.id, checked: checked, at: .distantPast),
                                   month: browse.month, label: transaction.name)
            let undo = ChangeDraft(operation: .setTransactionChecked(id: transaction.id, checked: !checked, at: .distantPast),
                                   month: browse.month, label: transaction.name)
            let news = GestureNews(checked ? .checked : .unchecked, name: transaction.name, amount: transaction.amount,
                                   transactionKind: transaction.kind)
            return perform(&state, done, undo: undo, news: news, until: nil)
        case .deleteSelectedTransaction:
            let done = ChangeDraft(operation: .deleteTransaction(id: transaction.id), month: browse.month, label: transaction.name,
                                   hold: deleteWindow)
            let news = GestureNews(.deleted, name: transaction.name, amount: transaction.amount, transactionKind: transaction.kind)
            return perform(&state, done, undo: nil, news: news, until: state.now + .seconds(deleteWindow))
        default:
            return []
        }
    }

    /// Shows `done` at once, remembers how to take it back, and stores it (sent when the gate is open).
    private static func perform(_ state: inout AppState, _ done: ChangeDraft, undo: ChangeDraft?, news: GestureNews,
                                until: AppTime?) -> [Effect] {
        showAtOnce(&state, done)
        state.undoStack.append(.change(done: done, undo: undo, news: news, until: until))
        postStatus(&state, .gesture(news))
        return [.outbox(.storeChange(done, thenSync: maySend(state)))]
    }

    /// The change applied on screen before the outbox answers (its snapshot then replaces it).
    private static func showAtOnce(_ state: inout AppState, _ draft: ChangeDraft) {
        state.localChangeCount += 1
        state.outbox.changes.append(PendingChange(id: "local-\(state.localChangeCount)", operation: draft.operation,
                                                  month: draft.month, label: draft.label, state: .pending))
    }

    /// `u`: the newest quick-add or gesture, taken back.
    static func undoNewest(_ state: inout AppState) -> [Effect] {
        guard case .home = state.screen else { return [] }
        guard let last = state.undoStack.popLast() else {
            // Nothing stacked: the quick-add `u` always knew (kept for a quick-add made before).
            if state.lastQuickAdd != nil { return undoLastExpense(&state) }
            postStatus(&state, .gesture(GestureNews(.nothingToUndo)))
            return []
        }
        switch last {
        case let .quickAdd(id):
            guard state.lastQuickAdd?.id == id else { return undoNewest(&state) }
            return undoLastExpense(&state)
        case let .change(done, undo, news, until):
            if let undo {
                showAtOnce(&state, undo)
                postStatus(&state, .gesture(GestureNews(.undone, name: news.name, amount: news.amount,
                                                        transactionKind: news.transactionKind)))
                return [.outbox(.storeChange(undo, thenSync: maySend(state)))]
            }
            if let until, state.now >= until {
                postStatus(&state, .gesture(GestureNews(.tooLate, name: news.name)))
                return []
            }
            // Never sent: taken back from the outbox, and from the screen at once.
            state.outbox.changes.removeAll { $0.operation == done.operation }
            postStatus(&state, .gesture(GestureNews(.undone, name: news.name, amount: news.amount,
                                                    transactionKind: news.transactionKind)))
            return [.outbox(.cancelChange(done))]
        }
    }
}
