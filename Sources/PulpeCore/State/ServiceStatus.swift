/// What `GET /maintenance/status` last said (docs/product.md §2.2), which decides whether anything may
/// ask the API (decision 35, fail-closed): nothing does before the check said available, nor
/// during maintenance. The cache and the outbox are local files and stay open all along.
public enum ServiceStatus: Hashable, Sendable {
    /// Start-up: the check has not answered yet.
    case unchecked
    case available
    /// Maintenance, or any answer that was not a clear « available » (fail-closed).
    case maintenance
    /// The check could not reach the server. Requests may go: they fail on their own until it
    /// answers again, and a server that cannot be reached cannot show half-broken data.
    case unreachable

    /// Whether requests may go to the API: loads from the server, session refresh, sends.
    public var allowsRequests: Bool {
        switch self {
        case .available, .unreachable: true
        case .unchecked, .maintenance: false
        }
    }
}
