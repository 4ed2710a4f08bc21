/// What `u` can take back, newest last (issue 24): a quick-add, or a gesture on the month.
public enum UndoEntry: Hashable, Sendable {
    /// The quick-add stored with this id (undone as before: removed from the outbox, or deleted
    /// on the server after a yes).
    case quickAdd(id: String)
    /// A gesture: `done` was stored; `undo` is what storing puts back (a check's opposite, an
    /// edit's former fields), or empty when undoing means taking `done` back from the outbox (a
    /// delete held in its window, until `until`).
    case change(done: [ChangeDraft], undo: [ChangeDraft], news: GestureNews, until: AppTime?)
}
