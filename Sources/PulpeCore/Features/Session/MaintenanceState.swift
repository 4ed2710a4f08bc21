import PulpeDomain

/// The maintenance screen (docs/product.md §2.3): retry state, feedback and the automatic re-check.
public struct MaintenanceState: Hashable, Sendable {
    /// The server's own message, when it gave one.
    public var serverMessage: String?
    /// A check runs: the spinner shows and `R` is ignored.
    public var isChecking = false
    public var feedback: MaintenanceFeedback?
    /// When the next automatic check runs (shown as « Prochaine vérification dans 28 s »).
    public var nextCheckAt: AppTime?
    /// How many automatic checks have run, for the backoff.
    public var automaticAttempts = 0
    public var shownAt: AppTime
    /// The saved session whose cached data `o` « Continuer hors ligne » opens, if the cache has some.
    public var offlineSession: SessionSummary?
    /// Offline browsing is offered only when a cache exists.
    public var hasCachedData: Bool { offlineSession != nil }

    public init(serverMessage: String? = nil, shownAt: AppTime) {
        self.serverMessage = serverMessage
        self.shownAt = shownAt
    }
}

extension Backoff {
    /// The automatic maintenance re-check: 15 s, 30 s, then every 60 s, never giving up, each with
    /// up to 20 % added so a crowd of clients does not knock on the server at the same second (added,
    /// not subtracted: the screen announces the wait and the check never comes before it).
    public static let maintenanceRecheck = Backoff(initial: .seconds(15), multiplier: 2, cap: .seconds(60),
                                                   jitter: .additive(fraction: 0.2))
}
