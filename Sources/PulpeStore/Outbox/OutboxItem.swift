import Foundation
import PulpeDomain

/// One expense (or income, or saving) the user entered, kept on disk until the server has it.
///
/// `id` is chosen when the user confirms (a lowercase UUID) and is the transaction's id on the
/// server too, so sending it again can never create a second one (docs/contract.md §9: 409 = done).
public struct OutboxItem: Sendable, Hashable, Identifiable {
    public var id: String
    /// Entry order: items are sent oldest first.
    public var sequence: Int64
    /// Whose expense, on which server (the same scope as the cache).
    public var scope: CacheScope
    /// The budget month the date fell in when it was entered (for the month list's pending rows).
    public var month: BudgetMonth
    /// The body sent as `POST /transactions`, with `id` set.
    public var transaction: NewTransaction
    public var state: OutboxState
    /// Sends tried so far (for the backoff).
    public var attempts: Int
    /// Not before this instant (a backoff or `Retry-After`); nil: at once.
    public var notBefore: Date?
    /// The process sending it right now, and since when; a claim older than the take-over timeout
    /// belongs to a process that died.
    public var claim: OutboxClaim?
    public var enqueuedAt: Date

    public init(id: String, sequence: Int64, scope: CacheScope, month: BudgetMonth, transaction: NewTransaction,
                state: OutboxState, attempts: Int, notBefore: Date?, claim: OutboxClaim?, enqueuedAt: Date) {
        self.id = id
        self.sequence = sequence
        self.scope = scope
        self.month = month
        self.transaction = transaction
        self.state = state
        self.attempts = attempts
        self.notBefore = notBefore
        self.claim = claim
        self.enqueuedAt = enqueuedAt
    }
}

/// Where an item stands. A sent item is not kept: the server has it.
public enum OutboxState: Sendable, Hashable {
    /// Waiting to be sent (or being sent, when claimed).
    case pending
    /// The server refused it (400 / 404 / 422) with this reason; kept until the user edits or
    /// deletes it, never dropped.
    case refused(reason: String)
}

/// Who is sending an item, and since when.
public struct OutboxClaim: Sendable, Hashable {
    public var owner: String
    public var at: Date

    public init(owner: String, at: Date) {
        self.owner = owner
        self.at = at
    }
}
