import PulpeDomain

/// What `u` can take back, newest last (decision 47; one shape for every write since decision 115).
/// `done` was stored; `undo` is what storing puts back (a check's opposite, an edit's former
/// fields, a created transaction's delete), or empty when undoing means taking `done` back from the
/// outbox (a delete held in its window: `window`). What `done` created is taken out of the outbox
/// while it waits; once the server has it, its `undo` deletes it after a yes.
public struct UndoEntry: Hashable, Sendable {
    public var done: [ChangeDraft]
    public var undo: [ChangeDraft]
    public var news: GestureNews
    public var window: DeleteWindow?

    public init(done: [ChangeDraft], undo: [ChangeDraft], news: GestureNews, window: DeleteWindow?) {
        self.done = done
        self.undo = undo
        self.news = news
        self.window = window
    }

    /// A gesture on the month, as `write` stacks it.
    public static func change(done: [ChangeDraft], undo: [ChangeDraft], news: GestureNews, window: DeleteWindow?) -> UndoEntry {
        UndoEntry(done: done, undo: undo, news: news, window: window)
    }

    /// A quick-add's expense: taken out of the outbox while it waits, deleted on the server after a
    /// yes once sent. Only the newest quick-add of a run can be deleted so (`superseded`: a later
    /// one came; once sent, the pending list or the month's `d` deletes it).
    public static func quickAdd(_ expense: PendingExpense, superseded: Bool = false) -> UndoEntry {
        let draft = expense.draft
        let created = NewTransaction(id: expense.id, budgetId: draft.budgetId, budgetLineId: draft.budgetLineId, name: draft.name,
                                     amount: draft.amount, kind: draft.kind)
        let label = draft.name
        return UndoEntry(done: [ChangeDraft(operation: .createTransaction(created), month: draft.month, label: label)],
                         undo: superseded ? [] : [ChangeDraft(operation: .deleteTransaction(id: expense.id), month: draft.month, label: label)],
                         news: GestureNews(.added, name: draft.name, amount: draft.amount, transactionKind: draft.kind), window: nil)
    }

    /// The transaction `done` created with a client id (a quick-add's), if any.
    public var createdTransactionId: String? {
        for draft in done {
            if case let .createTransaction(new) = draft.operation, let id = new.id { return id }
        }
        return nil
    }

    /// A later quick-add came: once sent, this one is past `u`.
    public var superseded: UndoEntry {
        guard createdTransactionId != nil else { return self }
        var entry = self
        entry.undo = []
        return entry
    }
}
