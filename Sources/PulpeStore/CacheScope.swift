/// Whose data a cache entry is: one account on one server.
///
/// Every entry is keyed by both parts, so switching account or pointing the client at another server
/// (the sandbox, a staging API) can never show someone else's months.
public struct CacheScope: Sendable, Hashable {
    /// Identifies the server, e.g. the API base URL (the same key the session store uses).
    public var serverKey: String
    /// The user's id as the server knows it.
    public var userId: String

    public init(serverKey: String, userId: String) {
        self.serverKey = serverKey
        self.userId = userId
    }
}
