import PulpeDomain

public enum OutboxEvent: Hashable, Sendable {
    /// The outbox as it now stands (after a store, a send, a removal, or read at start).
    case outboxChanged(OutboxSnapshot)
    /// The operation is on disk: a new item with this id, or folded into a waiting one (nil).
    case changeStored(id: String?)
    /// The operation could not be stored (nothing changed).
    case changeNotStored(StoreFailure)
    /// An operation the server refused, with its reason (rolled back on screen, kept in the list).
    case changeRefused(PendingChange)
    /// A sync sends item `done` of `total` (« Synchronisation 1/2… »); `done == total` when over.
    case syncProgress(done: Int, total: Int)
    /// The server has this item now (201, or 409 on a replay).
    case expenseSent(id: String)
    /// A sync ended: `sent` items delivered, `remaining` still queued, and the failure that stopped
    /// it early, if any.
    case syncFinished(sent: Int, remaining: Int, stoppedBy: Failure?)
    /// An item the server refused (400 / 404 / 422), with its reason.
    case expenseRefused(PendingExpense)

    var time: AppTime? { nil }
}
