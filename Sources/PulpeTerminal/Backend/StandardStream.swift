/// The two streams the full-screen app needs to be a terminal, as the messages name them.
public enum StandardStream: String, Hashable, Sendable {
    case input
    case output
}
