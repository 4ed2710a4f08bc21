/// How a removal ended.
public enum OutboxRemoval: Sendable, Hashable {
    case removed
    /// Another send holds it right now.
    case inFlight
    case notFound
}
