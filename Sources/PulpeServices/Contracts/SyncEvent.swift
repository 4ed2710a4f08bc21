import PulpeCore
import PulpeDomain

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
