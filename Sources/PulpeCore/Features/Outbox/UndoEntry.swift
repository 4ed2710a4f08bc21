/// What `u` can take back, newest last (decision 47): a quick-add, or a gesture on the month.
public enum UndoEntry: Hashable, Sendable {
    /// An expense the quick-add stored: taken out of the outbox while it waits; once sent, the
    /// newest quick-add of the run is deleted on the server after a yes, an older one (`superseded`
    /// by a later quick-add) is past `u` — the pending list or the month's `d` deletes it.
    case quickAdd(PendingExpense, superseded: Bool)
    /// A gesture: `done` was stored; `undo` is what storing puts back (a check's opposite, an
    /// edit's former fields), or empty when undoing means taking `done` back from the outbox (a
    /// delete held in its window: `window`).
    case change(done: [ChangeDraft], undo: [ChangeDraft], news: GestureNews, window: DeleteWindow?)
}
