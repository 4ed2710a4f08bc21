import Foundation
import PulpeDomain

/// One write the user made, kept on disk until the server has it (docs/operations.md): a new
/// expense (or income, or saving) from the quick-add, or any other operation — a check, an edit, a
/// delete, a prévision's change, a month opened from the template.
///
/// `id` is chosen when the user confirms (a lowercase UUID). For a created transaction it is the
/// transaction's id on the server too, so sending it again can never create a second one
/// (docs/contract.md §9: 409 = done).
public struct OutboxItem: Sendable, Hashable, Identifiable {
    public var id: String
    /// Entry order: items are sent oldest first.
    public var sequence: Int64
    /// Whose expense, on which server (the same scope as the cache).
    public var scope: CacheScope
    /// The budget month the date fell in when it was entered (for the month list's pending rows).
    public var month: BudgetMonth
    /// What the user meant, as the sync engine sends it.
    public var operation: WriteOperation
    /// What the operation is about, as the pending list names it (the transaction's or the
    /// prévision's name when it was entered).
    public var label: String
    /// The amount the item had before an edit (« 45.00 → 54.00 CHF »), if the operation changed it.
    public var previousAmount: Decimal?
    public var state: OutboxState
    /// Sends tried so far (for the backoff).
    public var attempts: Int
    /// Times the item was claimed for sending, this one included: above 1, an earlier send may
    /// have reached the server (a replay, §14.7).
    public var sends: Int
    /// Not before this instant (a backoff or `Retry-After`); nil: at once.
    public var notBefore: Date?
    /// The process sending it right now, and since when; a claim older than the take-over timeout
    /// belongs to a process that died.
    public var claim: OutboxClaim?
    public var enqueuedAt: Date

    public init(id: String, sequence: Int64, scope: CacheScope, month: BudgetMonth, operation: WriteOperation,
                label: String, previousAmount: Decimal? = nil, state: OutboxState, attempts: Int, sends: Int = 0,
                notBefore: Date?, claim: OutboxClaim?, enqueuedAt: Date) {
        self.id = id
        self.sequence = sequence
        self.scope = scope
        self.month = month
        self.operation = operation
        self.label = label
        self.previousAmount = previousAmount
        self.state = state
        self.attempts = attempts
        self.sends = sends
        self.notBefore = notBefore
        self.claim = claim
        self.enqueuedAt = enqueuedAt
    }
}

extension OutboxItem {
    /// The body of `POST /transactions` when the item creates a transaction (the quick-add's).
    public var transaction: NewTransaction? {
        if case let .createTransaction(new) = operation { return new }
        return nil
    }
}
