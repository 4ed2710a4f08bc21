import Foundation
import PulpeDomain

/// One expense in the outbox as the core shows it: in the month list marked « en attente »
/// (or « refusée »), counted in « Disponible à dépenser », listed in the pending list.
public struct PendingExpense: Hashable, Sendable, Identifiable {
    public enum State: Hashable, Sendable {
        /// Waiting to be sent.
        case pending
        /// On the wire right now.
        case sending
        /// The server refused it; the reason is the server's, kept until the user edits or deletes it.
        case refused(reason: RefusalReason)
        /// The server has it; shown as a plain row until the month's next answer includes it.
        case sent
    }

    /// The client id, which is also the transaction's id on the server.
    public var id: String
    public var draft: ExpenseDraft
    public var state: State
    /// Its place in the outbox's one queue, shared with the changes (`PendingChange.sequence`):
    /// the overlay applies both in the order the server will see them.
    public var sequence: Int64 = 0

    public init(id: String, draft: ExpenseDraft, state: State) {
        self.id = id
        self.draft = draft
        self.state = state
    }

    public var isRefused: Bool {
        if case .refused = state { return true }
        return false
    }
}
