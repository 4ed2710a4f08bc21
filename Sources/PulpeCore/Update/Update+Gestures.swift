import Foundation
import PulpeDomain

/// The daily gestures on the selected transaction (issue 24): `x` checks it off or not, `d`
/// deletes it with a window to take it back, `u` undoes the newest gesture. Each is an operation
/// of the one outbox (`OutboxCommand.storeChange`): durable before anything is sent, applied on
/// screen at once, sent when the gate is open, kept while it is not.
extension Core {
    /// How long `u` can take a delete back.
    static let deleteWindow = 5
    /// How long the outbox holds a delete: a little longer than the window, so nothing sends it
    /// while `u` may still take it back.
    static let deleteHold = 6

    static func gesture(_ state: inout AppState, _ action: GestureAction) -> [Effect] {
        if let home = state.shownHome, let browse = home.browse,
           let lineCursor = browse.lineCursor, let details = browse.shownDetails {
            let order = details.lineIndicesInGroupOrder
            guard order.indices.contains(lineCursor) else { return [] }
            let line = details.budgetLines[order[lineCursor]]
            switch action {
            case .deleteSelectedTransaction:
                // Its transactions become free, as the server does (FK ON DELETE SET NULL): the toast says so.
                let freed = details.transactions.count { $0.budgetLineId == line.id }
                let done = ChangeDraft(operation: .deleteBudgetLine(id: line.id), month: browse.month, label: line.name,
                                       hold: deleteHold)
                var news = GestureNews(.deleted, name: line.name, amount: line.amount, transactionKind: line.kind)
                news.freedTransactions = freed
                return perform(&state, [done], undo: [], news: news, window: .open)
            case .resetSelectedLine:
                let done = ChangeDraft(operation: .resetBudgetLine(id: line.id), month: browse.month, label: line.name)
                return perform(&state, [done], undo: [], news: GestureNews(.reset, name: line.name), window: nil)
            case .toggleCheckSelected:
                break
            }
            let open = details.transactions.filter { $0.budgetLineId == line.id && !$0.isChecked }
            if !line.isChecked, !open.isEmpty {
                // Its transactions too? (check-transactions checks them all, the apps ask first.)
                state.overlay = .confirm(.checkLineTransactions(lineId: line.id, name: line.name, count: open.count))
                return []
            }
            return checkLine(&state, line, withTransactions: false, month: browse.month, details: details)
        }
        guard let home = state.shownHome, home.quickAdd == nil, let browse = home.browse,
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
            return perform(&state, [done], undo: [undo], news: news, window: nil)
        case .deleteSelectedTransaction:
            let done = ChangeDraft(operation: .deleteTransaction(id: transaction.id), month: browse.month, label: transaction.name,
                                   hold: deleteHold)
            let news = GestureNews(.deleted, name: transaction.name, amount: transaction.amount, transactionKind: transaction.kind)
            return perform(&state, [done], undo: [], news: news, window: .open)
        default:
            return []
        }
    }

    /// `x` on a prévision (after the question, when it has transactions not checked yet).
    static func checkLine(_ state: inout AppState, _ line: BudgetLine, withTransactions: Bool, month: BudgetMonth,
                          details: BudgetDetails) -> [Effect] {
        let checked = !line.isChecked
        let done = ChangeDraft(operation: .setBudgetLineChecked(id: line.id, checked: checked, withTransactions: withTransactions,
                                                                at: .distantPast),
                               month: month, label: line.name)
        var undo = [ChangeDraft(operation: .setBudgetLineChecked(id: line.id, checked: !checked, withTransactions: false,
                                                                 at: .distantPast),
                                month: month, label: line.name)]
        if checked, withTransactions {
            // Undone, the transactions it checked are unchecked again (and only those).
            undo += details.transactions.filter { $0.budgetLineId == line.id && !$0.isChecked }.map {
                ChangeDraft(operation: .setTransactionChecked(id: $0.id, checked: false, at: .distantPast), month: month, label: $0.name)
            }
        }
        let news = GestureNews(checked ? .checked : .unchecked, name: line.name, amount: line.amount, transactionKind: line.kind)
        return perform(&state, [done], undo: undo, news: news, window: nil)
    }

    /// The answer to « Pointer aussi ses 3 transactions ? ».
    static func checkLineAnswered(_ state: inout AppState, lineId: String, withTransactions: Bool) -> [Effect] {
        guard let home = state.shownHome, let browse = home.browse, let details = browse.shownDetails,
              let line = details.budgetLines.first(where: { $0.id == lineId }) else { return [] }
        return checkLine(&state, line, withTransactions: withTransactions, month: browse.month, details: details)
    }

    /// Shows `done` at once, remembers how to take it back, and stores it (sent when the gate is open).
    static func perform(_ state: inout AppState, _ done: [ChangeDraft], undo: [ChangeDraft], news: GestureNews,
                        window: DeleteWindow?) -> [Effect] {
        guard !done.isEmpty else { return [] }
        done.forEach { showAtOnce(&state, $0) }
        state.undoStack.append(.change(done: done, undo: undo, news: news, window: window))
        postStatus(&state, .gesture(news))
        var effects: [Effect] = done.map { .outbox(.storeChange($0, thenSync: maySend(state))) }
        if window == .open { effects.append(.schedule(state.timers.arm(.deleteWindow), after: .seconds(deleteWindow))) }
        return effects
    }

    /// The `deleteWindow` timer: every held delete is past undoing; the outbox sends them once
    /// their hold ends (a moment later).
    static func deleteWindowClosed(_ state: inout AppState) -> [Effect] {
        state.undoStack = state.undoStack.map { entry in
            guard case let .change(done, undo, news, .open?) = entry else { return entry }
            return .change(done: done, undo: undo, news: news, window: .closed)
        }
        guard maySend(state) else { return [] }
        return [.schedule(state.timers.arm(.outboxRetry), after: .seconds(deleteHold - deleteWindow) + .milliseconds(200))]
    }

    /// The change applied on screen before the outbox answers (its snapshot then replaces it).
    static func showAtOnce(_ state: inout AppState, _ draft: ChangeDraft) {
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
            if state.lastQuickAdd?.id == id { return undoLastExpense(&state) }
            // An older quick-add still waiting: taken out of the outbox (one already sent is
            // past `u`: the pending list or the month's `d` deletes it).
            guard let waiting = state.outbox.items.first(where: { $0.id == id }) else { return undoNewest(&state) }
            state.outbox.items.removeAll { $0.id == id }
            postStatus(&state, .gesture(GestureNews(.undone, name: waiting.draft.name, amount: waiting.draft.amount,
                                                    transactionKind: waiting.draft.kind)))
            return [.outbox(.removePending(id: id))]
        case let .change(done, undo, news, window):
            let undone = GestureNews(.undone, name: news.name, amount: news.amount, transactionKind: news.transactionKind)
            if !undo.isEmpty {
                undo.forEach { showAtOnce(&state, $0) }
                postStatus(&state, .gesture(undone))
                return undo.map { .outbox(.storeChange($0, thenSync: maySend(state))) }
            }
            if window == .closed {
                postStatus(&state, .gesture(GestureNews(.tooLate, name: news.name)))
                return []
            }
            if news.kind == .budgetRequested {
                // A month's creation is taken back only while it waits: once the server has it,
                // nothing in the operation log deletes a budget.
                let waiting = state.outbox.changes.contains { change in
                    change.state != .sent && done.contains { $0.operation == change.operation }
                }
                guard waiting else {
                    postStatus(&state, .gesture(GestureNews(.alreadyCreated, name: news.name)))
                    return []
                }
                // What was written into the month meanwhile waits behind its creation: taking the
                // creation back would leave it nowhere to go.
                let months = Set(done.compactMap { draft -> BudgetMonth? in
                    if case let .createBudget(month, _, _) = draft.operation { return month }
                    return nil
                })
                let inUse = state.outbox.changes.contains { change in
                    guard !change.isRefused, case let .budget(month)? = change.operation.needs else { return false }
                    return months.contains(month)
                } || state.outbox.items.contains { item in
                    ProvisionalBudget.month(ofBudgetId: item.draft.budgetId).map(months.contains) == true
                }
                guard !inUse else {
                    state.undoStack.append(last)
                    postStatus(&state, .gesture(GestureNews(.creationInUse, name: news.name)))
                    return []
                }
            }
            // Never sent: taken back from the outbox, and from the screen at once.
            state.outbox.changes.removeAll { change in done.contains { $0.operation == change.operation } }
            postStatus(&state, .gesture(undone))
            return done.map { .outbox(.cancelChange($0)) }
        }
    }
}

extension Core {
    /// `Entrée` on the selected transaction: the quick-add form filled in with it; saving stores
    /// what changed as a patch (and a check, if « Pointé » changed). One still in the outbox is
    /// corrected in place, as from the pending list.
    static func editSelectedTransaction(_ state: inout AppState) -> [Effect] {
        guard let home = state.shownHome, home.quickAdd == nil, let browse = home.browse, browse.focus == .month,
              let cursor = browse.list.cursor, let details = browse.shownDetails, cursor < browse.list.rows.count else { return [] }
        let index = browse.list.rows[cursor]
        guard details.transactions.indices.contains(index) else { return [] }
        let transaction = details.transactions[index]
        if let waiting = state.outbox.items.first(where: { $0.id == transaction.id }) { return editPending(&state, waiting) }
        return editTransaction(&state, transaction)
    }

    /// The form's Entrée on a transaction being edited: what changed, as operations.
    static func storeEdit(_ state: inout AppState, original: Transaction, draft: ExpenseDraft, month: BudgetMonth) -> [Effect] {
        let zone = state.timeZone
        let originalDay = CalendarDay(original.transactionDate, in: zone)
        var changes = TransactionChanges()
        var former = TransactionChanges()
        if draft.name != original.name { (changes.name, former.name) = (draft.name, original.name) }
        if draft.amount != original.amount { (changes.amount, former.amount) = (draft.amount, original.amount) }
        if draft.kind != original.kind { (changes.kind, former.kind) = (draft.kind, original.kind) }
        if draft.date != originalDay {
            changes.transactionDate = draft.date.startDate(in: zone).addingTimeInterval(12 * 3600)
            former.transactionDate = original.transactionDate
        }
        var done: [ChangeDraft] = []
        var undo: [ChangeDraft] = []
        if !changes.isEmpty {
            done.append(ChangeDraft(operation: .patchTransaction(id: original.id, changes), month: month, label: original.name,
                                    previousAmount: changes.amount == nil ? nil : original.amount))
            undo.append(ChangeDraft(operation: .patchTransaction(id: original.id, former), month: month,
                                    label: draft.name, previousAmount: changes.amount == nil ? nil : draft.amount))
        }
        if draft.checked != original.isChecked {
            done.append(ChangeDraft(operation: .setTransactionChecked(id: original.id, checked: draft.checked, at: .distantPast),
                                    month: month, label: original.name))
            undo.append(ChangeDraft(operation: .setTransactionChecked(id: original.id, checked: original.isChecked, at: .distantPast),
                                    month: month, label: original.name))
        }
        let news = GestureNews(.edited, name: draft.name, amount: draft.amount, transactionKind: draft.kind)
        return perform(&state, done, undo: undo, news: news, window: nil)
    }
}

extension Core {
    /// `Entrée` on the selected prévision: the form with its amount and name.
    static func editSelectedLine(_ state: inout AppState) -> [Effect] {
        guard var home = state.shownHome, home.quickAdd == nil, let browse = home.browse, let cursor = browse.lineCursor,
              let details = browse.shownDetails else { return [] }
        let order = details.lineIndicesInGroupOrder
        guard order.indices.contains(cursor) else { return [] }
        let line = details.budgetLines[order[cursor]]
        var form = QuickAddForm(date: browse.today)
        form.amount.text = "\(line.amount)"
        form.description.text = line.name
        form.kind = line.kind
        form.editingLine = line
        home.quickAdd = form
        state.home = home
        return []
    }

    /// `A`: the form for a new prévision of the shown month (a one-off, as the apps add them).
    static func openNewLine(_ state: inout AppState) -> [Effect] {
        guard state.overlay == nil, var home = state.shownHome, home.quickAdd == nil, home.search == nil,
              let browse = home.browse, browse.focus == .month, let details = browse.shownDetails else { return [] }
        var form = QuickAddForm(date: browse.today)
        form.newLineBudget = details.budget.id
        form.kind = .expense
        home.quickAdd = form
        state.home = home
        return []
    }

    /// The new prévision's Entrée: created with a client id (a replay is answered 409, once),
    /// shown at once, undone by deleting it (which, unsent, drops both).
    static func storeNewLine(_ state: inout AppState, budgetId: String, amount: Decimal, name: String, kind: TransactionKind,
                             month: BudgetMonth) -> [Effect] {
        let id = newClientId(&state)
        let line = NewBudgetLine(id: id, budgetId: budgetId, name: name, amount: amount, kind: kind)
        let done = ChangeDraft(operation: .createBudgetLine(line), month: month, label: name)
        let undo = ChangeDraft(operation: .deleteBudgetLine(id: id), month: month, label: name)
        return perform(&state, [done], undo: [undo], news: GestureNews(.added, name: name, amount: amount, transactionKind: kind),
                       window: nil)
    }

    /// A lowercase v4 UUID from the state's generator (seeded at random at each launch): the core
    /// stays pure, and tests get the same ids every run.
    static func newClientId(_ state: inout AppState) -> String {
        var bytes = [UInt8]()
        for _ in 0..<2 { withUnsafeBytes(of: state.random.next().bigEndian) { bytes += $0 } }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex[hex.index(hex.startIndex, offsetBy: range.lowerBound)..<hex.index(hex.startIndex, offsetBy: range.upperBound)])
        }
        return parts.joined(separator: "-")
    }

    /// The prévision form's Entrée: what changed, as a patch (sent with `isManuallyAdjusted`), undoable.
    static func storeLineEdit(_ state: inout AppState, _ line: BudgetLine, amount: Decimal, name: String,
                              month: BudgetMonth) -> [Effect] {
        var changes = BudgetLineChanges()
        var former = BudgetLineChanges()
        if amount != line.amount { (changes.amount, former.amount) = (amount, line.amount) }
        if name != line.name { (changes.name, former.name) = (name, line.name) }
        guard changes.amount != nil || changes.name != nil else { return [] }
        let done = ChangeDraft(operation: .patchBudgetLine(id: line.id, changes), month: month, label: line.name,
                               previousAmount: changes.amount == nil ? nil : line.amount)
        let undo = ChangeDraft(operation: .patchBudgetLine(id: line.id, former), month: month, label: name,
                               previousAmount: changes.amount == nil ? nil : amount)
        let news = GestureNews(.edited, name: name, amount: amount, transactionKind: line.kind)
        return perform(&state, [done], undo: [undo], news: news, window: nil)
    }
}
