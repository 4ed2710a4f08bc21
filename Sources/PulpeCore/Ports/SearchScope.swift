import PulpeDomain

/// The hits of a search across months, newest month first, and where they come from.
/// Where a search looks, beyond the text: the TUI's `S` looks everywhere as cached; `pulpe search`
/// narrows to years, shows the months with what waits in the outbox applied (as `pulpe month`
/// does), and waits for the server as long as its `--timeout`.
public struct SearchScope: Hashable, Sendable {
    /// Budget years to search (empty: all).
    public var years: [Int]
    /// Applied to the months it touches before they are searched (nil: the months as cached).
    public var outbox: OutboxSnapshot?
    /// How long the server may take (nil: the service's own budget).
    public var serverTimeout: Duration?

    public init(years: [Int] = [], outbox: OutboxSnapshot? = nil, serverTimeout: Duration? = nil) {
        self.years = years
        self.outbox = outbox
        self.serverTimeout = serverTimeout
    }

    public static let everything = SearchScope()
}
