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
    /// `DELETE /transactions/:id` for an expense the server already has (undo). Nil when done.
    func deleteSent(id: String) async -> Failure?
}

/// What a sync reports while it runs.
public enum SyncEvent: Sendable, Hashable {
    /// About to send item `index` (1-based) of `total`.
    case sending(index: Int, total: Int)
    /// The server has it (201, or 409: already there).
    case sent(id: String)
    /// Kept for later (network, 5xx, 429, maintenance).
    case deferred(id: String, failure: Failure)
    /// Refused by the server (400 / 404 / 422), with its reason.
    case refused(PendingExpense)
    /// An operation other than a create refused, with its reason.
    case changeRefused(PendingChange)
}

extension OutboxService {
    /// Conformers that keep nothing (the unreachable services, test doubles) store no operation.
    public func store(change: ChangeDraft) async -> Result<String?, StoreFailure> { .failure(.diskUnavailable) }
    public func cancel(change: ChangeDraft) async -> OutboxRemoval { .notFound }
    public func retry(id: String) async -> Bool { false }
}

/// How a sync ended.
public struct SyncReport: Sendable, Hashable {
    public var sent: [String]
    public var refused: [String]
    /// Items left queued, and why the sync stopped early (nil: nothing was due or all went).
    public var remaining: Int
    public var stoppedBy: Failure?

    public init(sent: [String] = [], refused: [String] = [], remaining: Int = 0, stoppedBy: Failure? = nil) {
        self.sent = sent
        self.refused = refused
        self.remaining = remaining
        self.stoppedBy = stoppedBy
    }
}
