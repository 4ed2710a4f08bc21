import PulpeDomain

/// The durable outbox: what waits to be sent, stored before any network call (decision 32).
public enum OutboxCommand: Hashable, Sendable, CustomStringConvertible {
    /// Read the outbox for the signed-in user → `.outboxChanged`.
    case loadOutbox
    /// Commit an operation (a new transaction — the quick-add's —, a check, an edit, a delete, a
    /// prévision's change, a month opened) to the outbox, coalesced with what waits, before any
    /// network call → `.changeStored` (then `.outboxChanged`), or `.changeNotStored`; a sync
    /// follows when the core says so (the API may be asked and the key is unlocked).
    case storeChange(ChangeDraft, thenSync: Bool)
    /// A refused operation pending again, unchanged, same id and place → `.outboxChanged`; then a
    /// sync when the core says so.
    case retryChange(id: String, thenSync: Bool)
    /// Take back a waiting operation (undo of a delete still in its window) → `.outboxChanged`.
    case cancelChange(ChangeDraft)
    /// Send what the outbox holds, in order (`s`, start, connectivity back, maintenance over) →
    /// `.syncProgress`, `.outboxChanged`.
    case syncOutbox
    /// Remove a pending or refused item (the user deleted it, or undid a quick-add not yet sent)
    /// → `.outboxChanged`.
    case removePending(id: String)
    /// The user corrected an item: same client id, new fields, pending again → `.outboxChanged`;
    /// then a sync when the core says so.
    case replacePending(id: String, ExpenseDraft, thenSync: Bool)

    /// Behind the closed gate the outbox is written, never sent.
    func throughClosedGate() -> Self? {
        switch self {
        case .loadOutbox, .removePending, .cancelChange: self
        case let .retryChange(id, _): .retryChange(id: id, thenSync: false)
        case let .storeChange(draft, _): .storeChange(draft, thenSync: false)
        case let .replacePending(id, draft, _): .replacePending(id: id, draft, thenSync: false)
        case .syncOutbox: nil
        }
    }

    public var description: String {
        switch self {
        case .loadOutbox: "loadOutbox"
        case let .storeChange(draft, thenSync): "storeChange(\(draft.operation.target), \(draft.month), thenSync: \(thenSync))"
        case let .cancelChange(draft): "cancelChange(\(draft.operation.target))"
        case let .retryChange(id, thenSync): "retryChange(\(id), thenSync: \(thenSync))"
        case .syncOutbox: "syncOutbox"
        case let .removePending(id): "removePending(\(id))"
        case let .replacePending(id, _, thenSync): "replacePending(\(id), thenSync: \(thenSync))"
        }
    }
}
