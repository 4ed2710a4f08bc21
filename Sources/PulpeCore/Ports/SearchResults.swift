import PulpeDomain

public struct SearchResults: Hashable, Sendable {
    public var hits: [SearchHit]
    /// The server answered (else the cache alone: « Résultats du cache »).
    public var askedServer: Bool
    /// The hits only the cache had.
    public var fromCache: Set<String>
    /// The hits that wait in the outbox (a queued expense, a row a waiting change moves), by id:
    /// marked as the panels mark them.
    public var pending: Set<String>

    public init(hits: [SearchHit], askedServer: Bool, fromCache: Set<String> = [], pending: Set<String> = []) {
        self.hits = hits
        self.askedServer = askedServer
        self.fromCache = fromCache
        self.pending = pending
    }
}
