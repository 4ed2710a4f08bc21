/// An operation waiting in the outbox, with its place in the queue.
public struct QueuedOperation: Hashable, Sendable {
    /// The queue's own id for it (a transaction's create reuses the transaction's client id).
    public var id: String
    public var operation: WriteOperation
    public var state: State

    public enum State: Hashable, Sendable {
        case pending
        /// Being sent by a process right now: never folded into (its body is on the wire).
        case inFlight
        /// Refused by the server, kept for the user with why.
        case refused(OperationDecision.Refusal)
        /// Refused because an operation it depends on was (« dépend de … »).
        case blocked(by: String)
    }

    public init(id: String, operation: WriteOperation, state: State = .pending) {
        self.id = id
        self.operation = operation
        self.state = state
    }

    var isFoldable: Bool { state == .pending }
}
