import PulpeDomain

/// The answer to the start-up step 1, `GET /maintenance/status` (docs/product.md §2.2).
public enum ServiceCheckOutcome: Hashable, Sendable {
    case available
    case maintenance(message: String?)
    /// Refused, DNS, timeout, offline.
    case unreachable
    /// The configured proxy could not be reached or refused the tunnel (decision 86): unreachable
    /// too, but the user is sent to the proxy setting, not to their internet connection.
    case proxyRefused
    /// Any other failure (non-2xx, unreadable body): treated as maintenance, fail-closed.
    case failed(reason: String)
}
