/// What the app believes about reaching the server.
public enum ConnectivityState: Sendable, Hashable {
    /// Nothing learned yet (no request made).
    case unknown
    /// The last attempt got an HTTP answer.
    case online
    /// The last attempt got no answer; a probe is watching for the network's return.
    case offline
}
