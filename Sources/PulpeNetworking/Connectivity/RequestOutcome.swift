/// What one request attempt taught about the network.
public enum RequestOutcome: Sendable, Hashable {
    /// An HTTP answer came back, whatever its status: the server is reachable.
    case answered
    /// No answer: refused, DNS, lost connection, timeout, no network.
    case unreachable(TransportFailure.Kind)
}
