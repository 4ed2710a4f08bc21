import PulpeDomain

/// The « Connexion impossible » screen (docs/product.md §2.4).
public struct NetworkUnavailableState: Hashable, Sendable {
    public var isChecking = false
    /// Offline browsing is offered only when a cache exists.
    public var hasCachedData: Bool { offlineSession != nil }
    /// The saved session whose cached data `o` opens.
    public var offlineSession: SessionSummary?
    /// Set after a retry that failed again.
    public var stillUnreachable = false
    /// The last check failed at the proxy (decision 86): the screen points at the proxy setting.
    public var throughProxy = false
    /// The start-up's own check led here: the cache's answer, if it comes after, opens the cached
    /// month offline as it would have had it come first (decision 110).
    public var reachedAtStartUp = false

    public init(offlineSession: SessionSummary? = nil) { self.offlineSession = offlineSession }
}
