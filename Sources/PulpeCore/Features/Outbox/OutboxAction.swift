public enum OutboxAction: Hashable, Sendable, CaseIterable {
    /// `s`: send what the outbox holds now.
    case syncNow
    /// `u`: undo the newest quick-add or gesture (a quick-add: removed from the outbox, or deleted
    /// on the server after a yes).
    case undo
    /// `e`: the list of queued and refused expenses.
    case showPending
    /// The pending list: correct the highlighted expense (the quick-add form, filled in).
    case editSelected
    /// The pending list: delete the highlighted expense (after a yes).
    case deleteSelected
    /// The pending list's highlight.
    case moveUp
    case moveDown
}
