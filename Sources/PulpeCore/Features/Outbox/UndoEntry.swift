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
    /// A quick-add's: a later quick-add makes it past `u` once sent (`superseded`).
    public var isQuickAdd = false

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
        var entry = UndoEntry(done: [ChangeDraft(operation: .createTransaction(created), month: draft.month, label: label)],
                              undo: superseded ? [] : [ChangeDraft(operation: .deleteTransaction(id: expense.id), month: draft.month, label: label)],
                              news: GestureNews(.added, name: draft.name, amount: draft.amount, transactionKind: draft.kind), window: nil)
        entry.isQuickAdd = true
        return entry
    }

    /// The one transaction `done` created with a client id (a quick-add's, a reconciliation's), if
    /// it is all `done` holds; an import's several rows are undone as other writes are (their
    /// deletes stored, the outbox folding those not sent yet).
    public var createdTransactionId: String? {
        guard done.count == 1, case let .createTransaction(new) = done[0].operation else { return nil }
        return new.id
    }

    /// A later quick-add came: once sent, a quick-add is past `u`; any other entry stays as it is.
    public var superseded: UndoEntry {
        guard isQuickAdd else { return self }
        var entry = self
        entry.undo = []
        return entry
    }
}
