import Foundation
import PulpeDomain

/// The daily gestures on the selected transaction (decision 47): `x` checks it off or not, `d`
/// deletes it with a window to take it back, `u` undoes the newest gesture. Each is an operation
/// of the one outbox (`OutboxCommand.storeChange`): durable before anything is sent, applied on
/// screen at once, sent when the gate is open, kept while it is not.
extension Core {
    /// How long `u` can take a delete back.
    static let deleteWindow = 5
    /// How long the outbox holds a delete: a little longer than the window, so nothing sends it
    /// while `u` may still take it back.
    static let deleteHold = 6

    /// What a gesture key means on the selected row, as an intent; nil where it means nothing
    /// (no row selected, a reset on a transaction): the key table offers the key only then.
    public static func intent(for action: GestureAction, in state: AppState) -> WriteIntent? {
        switch (action, selectedRow(state)) {
        case (_, nil): nil
        case let (.item(write), row?): write.intent(on: row)
        case let (.toggleCheckSelected, .line(line)?): .checkLine(target: line.id, checked: !line.isChecked, withTransactions: nil)
        case let (.toggleCheckSelected, .transaction(transaction)?): .checkTransaction(target: transaction.id, checked: !transaction.isChecked)
        case let (.deleteSelectedTransaction, .line(line)?): .deleteLine(target: line.id)
        case let (.deleteSelectedTransaction, .transaction(transaction)?): .deleteTransaction(target: transaction.id)
        }
    }

    /// The row a gesture acts on: the selected prévision, else the selected transaction of the month panel.
    enum SelectedRow {
        case line(BudgetLine)
        case transaction(Transaction)
    }

    static func selectedRow(_ state: AppState) -> SelectedRow? {
        guard let home = state.shownHome, home.quickAdd == nil, let browse = home.browse, browse.focus == .month,
              let details = browse.shownDetails else { return nil }
        if let lineCursor = browse.lineCursor {
            let order = browse.shownLineOrder
            return order.indices.contains(lineCursor) ? .line(details.budgetLines[order[lineCursor]]) : nil
        }
        guard let cursor = browse.list.cursor, cursor < browse.list.rows.count,
              details.transactions.indices.contains(browse.list.rows[cursor]) else { return nil }
        return .transaction(details.transactions[browse.list.rows[cursor]])
    }

    static func gesture(_ state: inout AppState, _ action: GestureAction) -> [Effect] {
        guard let intent = intent(for: action, in: state) else { return [] }
        // An expense still in the outbox is not on the server: deleting it is the pending list's
        // « Supprimer » (asked first), which drops it from the outbox.
        if case let .deleteTransaction(id) = intent, let waiting = state.writes.outbox.items.first(where: { $0.id == id }) {
            state.overlay = .confirm(.dropPending(.expense(waiting)))
            return []
        }
        return write(&state, intent)
    }

    /// The answer to « Pointer aussi ses 3 transactions ? ».
    static func checkLineAnswered(_ state: inout AppState, lineId: String, withTransactions: Bool) -> [Effect] {
        write(&state, .checkLine(target: lineId, checked: true, withTransactions: withTransactions))
    }

    /// The one way the TUI writes: the intent resolved against the month as shown, then performed;
    /// a refusal is said (or, for a prévision with open transactions, asked).
    static func write(_ state: inout AppState, _ intent: WriteIntent) -> [Effect] {
        guard let browse = state.shownHome?.browse else { return [] }
        // The templates as shown: with what waits applied (an edit back to the server's amount,
        // or its undo, is read against the pending one — not lost as « nothing to change »).
        let templates: [TemplatePreview]? = if case let .loaded(previews) = browse.templates {
            TemplatesScreen.shown(previews, waiting: state.writes.outbox.changes).filter { !$0.template.id.isEmpty }
        } else { nil }
        let budgeted = browse.years.values.flatMap { $0.value?.value ?? [] }.compactMap(\.budgetMonth)
        let context = WriteContext(month: browse.month, content: browse.shownDetails.map(MonthContent.budget) ?? .noBudget,
                                   templates: templates, timeZone: state.timeZone, budgetedMonths: Set(budgeted),
                                   tags: state.replica.tags, savingsGoals: state.replica.savingsGoals)
        switch WriteResolver.resolve(intent, in: context) {
        case let .success(resolved):
            return perform(&state, resolved)
        case let .failure(.asksAboutTransactions(lineId, name, count)):
            // Its transactions too? (check-transactions checks them all, the apps ask first.)
            state.overlay = .confirm(.checkLineTransactions(lineId: lineId, name: name, count: count))
            return []
        case .failure(.nothingToChange):
            return []
        case let .failure(refusal):
            postStatus(&state, .gesture(GestureNews(.refused(refusal))))
            return []
        }
    }

    /// Shows `resolved` at once, remembers how to take it back, and stores it (sent when the gate
    /// is open). A delete is held unsent while `u` may take it back.
    static func perform(_ state: inout AppState, _ resolved: ResolvedWrite) -> [Effect] {
        let done = resolved.done.map { draft in
            var held = draft
            if resolved.window == .open { held.hold = deleteHold }
            return held
        }
        guard !done.isEmpty else { return [] }
        done.forEach { showAtOnce(&state, $0) }
        for draft in done where draft.operation.isPostpone { state.writes.postponedInto.insert(draft.month.next) }
        state.writes.undoStack.append(.change(done: done, undo: resolved.undo, news: resolved.news, window: resolved.window))
        postStatus(&state, .gesture(resolved.news))
        var effects: [Effect] = done.map { .outbox(.storeChange($0, thenSync: maySend(state))) }
        if resolved.window == .open { effects.append(.schedule(state.timers.arm(.deleteWindow), after: .seconds(deleteWindow))) }
        return effects
    }

    /// The `deleteWindow` timer: every held delete is past undoing; the outbox sends them once
    /// their hold ends (a moment later).
    static func deleteWindowClosed(_ state: inout AppState) -> [Effect] {
        state.writes.undoStack = state.writes.undoStack.map { entry in
            guard entry.window == .open else { return entry }
            var closed = entry
            closed.window = .closed
            return closed
        }
        guard maySend(state) else { return [] }
        return [.schedule(state.timers.arm(.outboxRetry), after: .seconds(deleteHold - deleteWindow) + .milliseconds(200))]
    }

    /// The change applied on screen before the outbox answers (its snapshot then replaces it).
    static func showAtOnce(_ state: inout AppState, _ draft: ChangeDraft) {
        state.writes.localChangeCount += 1
        state.writes.outbox.changes.append(PendingChange(id: "local-\(state.writes.localChangeCount)", operation: draft.operation,
                                                  month: draft.month, label: draft.label, state: .pending))
    }

    /// `u`: the newest write of the run, taken back (one rule for every entry, decision 115).
    static func undoNewest(_ state: inout AppState) -> [Effect] {
        guard case .home = state.screen else { return [] }
        guard let last = state.writes.undoStack.popLast() else {
            postStatus(&state, .gesture(GestureNews(.nothingToUndo)))
            return []
        }
        let news = last.news
        let undone = GestureNews(.undone, name: news.name, amount: news.amount, transactionKind: news.transactionKind)
        // A creation still in the outbox is taken back by storing its delete: the outbox folds the
        // two away while the creation waits (nothing reaches the server), and queues the delete
        // behind it when it is on the wire or has just left (this snapshot may be older than that).
        if let id = last.createdTransactionId, let created = last.done.first,
           let waiting = state.writes.outbox.items.first(where: { $0.id == id }) {
            state.writes.outbox.items.removeAll { $0.id == id }
            // The newest leaves the list under the user's eyes; an older one is named.
            if last.undo.isEmpty { postStatus(&state, .gesture(undone)) }
            // One the server refused is not on it: it simply goes (a delete would wait behind it).
            if waiting.isRefused { return [.outbox(.removePending(id: id))] }
            let delete = ChangeDraft(operation: .deleteTransaction(id: id), month: created.month, label: created.label)
            return [.outbox(.storeChange(delete, thenSync: maySend(state)))]
        }
        let stillWaiting = state.writes.outbox.changes.contains { change in
            change.state != .sent && last.done.contains { $0.operation == change.operation }
        }
        if !last.undo.isEmpty, !(stillWaiting && last.createdTransactionId != nil) {
            if last.createdTransactionId != nil {
                // The server has it: deleting it there is asked first (the entry stays until a yes).
                state.writes.undoStack.append(last)
                state.overlay = .confirm(.deleteSent(last))
                return []
            }
            last.undo.forEach { showAtOnce(&state, $0) }
            postStatus(&state, .gesture(undone))
            return last.undo.map { .outbox(.storeChange($0, thenSync: maySend(state))) }
        }
        if last.window == .closed {
            postStatus(&state, .gesture(GestureNews(news.kind == .item(.postpone) ? .tooLateToMoveBack : .tooLate, name: news.name)))
            return []
        }
        // Already on the server: nothing in the operation log takes it back (a reset, a month
        // created or planned ahead — no operation deletes a budget), or an older quick-add a later
        // one superseded — said, never « Annulé ».
        guard stillWaiting else {
            let madeMonths = news.kind == .budgetRequested || news.kind == .planned
            postStatus(&state, .gesture(GestureNews(madeMonths ? .alreadyCreated : .alreadySent, name: news.name)))
            return []
        }
        if news.kind == .budgetRequested, creationInUse(state, last.done) {
            // What was written into the month meanwhile waits behind its creation: taking the
            // creation back would leave it nowhere to go.
            state.writes.undoStack.append(last)
            postStatus(&state, .gesture(GestureNews(.creationInUse, name: news.name)))
            return []
        }
        // Never sent: taken back from the outbox, and from the screen at once.
        state.writes.outbox.changes.removeAll { change in last.done.contains { $0.operation == change.operation } }
        postStatus(&state, .gesture(undone))
        return last.done.map { .outbox(.cancelChange($0)) }
    }

    /// Whether a write into a month `done` creates waits behind that creation.
    private static func creationInUse(_ state: AppState, _ done: [ChangeDraft]) -> Bool {
        let months = Set(done.compactMap { draft -> BudgetMonth? in
            if case let .createBudget(month, _, _) = draft.operation { return month }
            return nil
        })
        return state.writes.outbox.changes.contains { change in
            guard !change.isRefused, case let .budget(month)? = change.operation.needs else { return false }
            return months.contains(month)
        } || state.writes.outbox.items.contains { item in
            ProvisionalBudget.month(ofBudgetId: item.draft.budgetId).map(months.contains) == true
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
        if let waiting = state.writes.outbox.items.first(where: { $0.id == transaction.id }) { return editPending(&state, waiting) }
        return editTransaction(&state, transaction)
    }

    /// The form's Entrée on a transaction being edited: what changed, as operations.
    static func storeEdit(_ state: inout AppState, original: Transaction, draft: ExpenseDraft, tags: TagEdit? = nil) -> [Effect] {
        write(&state, .editTransaction(target: original.id, TransactionEdit(name: draft.name, amount: draft.amount, kind: draft.kind,
                                                                            day: draft.date, checked: draft.checked, tags: tags)))
    }
}

extension Core {
    /// `Entrée` on the selected prévision: the form with its amount and name.
    static func editSelectedLine(_ state: inout AppState) -> [Effect] {
        guard var home = state.shownHome, home.quickAdd == nil, let browse = home.browse, let cursor = browse.lineCursor,
              let details = browse.shownDetails else { return [] }
        let order = browse.shownLineOrder
        guard order.indices.contains(cursor) else { return [] }
        let line = details.budgetLines[order[cursor]]
        var form = QuickAddForm(date: browse.today)
        form.amount.text = "\(line.amount)"
        form.description.text = line.name
        form.kind = line.kind
        form.editingLine = line
        form.recurrence = line.recurrence
        form.tags.catalogue = state.replica.tags
        form.tags.fill(ids: line.tagIds)
        form.goalChoices = state.replica.savingsGoals
        form.goal.text = line.savingsGoalId.flatMap { id in state.replica.savingsGoals.first { $0.id.lowercased() == id.lowercased() }?.name } ?? ""
        form.initialGoal = form.goal.text
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
        form.tags.catalogue = state.replica.tags
        form.goalChoices = state.replica.savingsGoals
        home.quickAdd = form
        state.home = home
        return []
    }

    /// The new prévision's Entrée: created with a client id (a replay is answered 409, once),
    /// shown at once, undone by deleting it (which, unsent, drops both).
    static func storeNewLine(_ state: inout AppState, amount: Decimal, name: String, kind: TransactionKind,
                             recurrence: Recurrence = .oneOff, tags: [String] = [], goal: String? = nil) -> [Effect] {
        write(&state, .addLine(id: newClientId(&state), name: name, amount: amount, kind: kind, recurrence: recurrence, tags: tags,
                               goal: goal))
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
                              kind: TransactionKind, recurrence: Recurrence? = nil, tags: TagEdit? = nil, goal: GoalChoice? = nil) -> [Effect] {
        write(&state, .editLine(target: line.id, LineEdit(name: name, amount: amount, kind: kind, recurrence: recurrence), tags: tags,
                                goal: goal))
    }
}
