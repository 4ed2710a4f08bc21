import PulpeCore
import PulpeDomain

/// The durable outbox and its sync engine (docs/product.md §4), one for the TUI and the shell: store
/// every write before any network call, send what is queued in order with its own id, and let
/// the user remove or correct what waits.
public protocol OutboxService: Sendable {
    /// What the outbox holds for the signed-in user, oldest first.
    func snapshot() async -> OutboxSnapshot
    /// Commits an operation, coalesced with what waits, and returns once it survives a kill -9:
    /// the new item's id (a created transaction's is its client id), or nil when it was folded
    /// into (or cancelled with) one that waits.
    func store(change: ChangeDraft) async -> Result<String?, StoreFailure>
    /// Takes back a waiting operation (the TUI's undo of a delete in its window): removed, or
    /// `.inFlight` / `.notFound` when it is on the wire or already gone.
    func cancel(change: ChangeDraft) async -> OutboxRemoval
    /// A refused item pending again, unchanged (false when it is gone).
    func retry(id: String) async -> Bool
    /// Sends every due item, in order, each with its own id, and reports as it goes. Returns what
    /// the sync did.
    func sync(progress: @escaping @Sendable (SyncEvent) -> Void) async -> SyncReport
    /// Removes a queued or refused item; `.inFlight` while another send holds it.
    func remove(id: String) async -> OutboxRemoval
    /// Corrects an item: pending again with the same client id.
    func replace(id: String, with draft: ExpenseDraft) async -> Bool
    /// What a new pay day would move among the expenses waiting (`PayDayReplan`).
    func replanPreview(payDay: Int?) async -> [PayDayReplan.Move]
}

extension OutboxService {
    /// Conformers that keep nothing (the unreachable services, test doubles) store no operation.
    public func store(change: ChangeDraft) async -> Result<String?, StoreFailure> { .failure(.diskUnavailable) }
    public func cancel(change: ChangeDraft) async -> OutboxRemoval { .notFound }
    public func retry(id: String) async -> Bool { false }
    /// What a new pay day would move among the expenses waiting (none where nothing is kept).
    public func replanPreview(payDay: Int?) async -> [PayDayReplan.Move] { [] }
}
