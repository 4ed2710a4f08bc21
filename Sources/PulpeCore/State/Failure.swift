/// Why something did not work, as the core routes it. The services decide which case an HTTP or
/// transport error is; views say it in French (`FailureText` in PulpeUI), so the state holds no
/// sentences and one file holds the words.
public enum Failure: Error, Hashable, Sendable {
    /// No answer from the server (refused, DNS, connection lost).
    case unreachable
    /// The proxy requests go through could not be reached or refused the tunnel (decision 86).
    case proxyRefused
    /// A read that was not sent because the app is offline (browsing the cache).
    case offline
    /// No answer in time.
    case timeout
    case maintenance
    /// Wrong email or password.
    case invalidCredentials
    /// The PIN-derived key is not this account's.
    case wrongPin
    /// The kept or installed key was refused by the server after it had worked: the PIN was
    /// changed on another device (« Ton code d'accès a été modifié — saisis ton nouveau code »).
    /// The key is dropped and the PIN asked; cached figures and queued writes stay as they are.
    case keyChanged
    case rateLimited
    /// The session ended: sign in again.
    case sessionExpired
    /// No client key yet: the PIN is needed.
    case pinRequired
    case clientKeyInvalid
    case accountBlocked
    case ipBlocked
    case accessDenied
    /// The auth server refused the app's public key (a configuration problem).
    case authKeyRejected
    case notFound
    case budgetAlreadyExists
    case transactionAlreadyExists
    case conflict
    /// The server rejected what was sent (validation).
    case rejected
    case serverError
    /// A 2xx answer that could not be read.
    case unreadable
    case invalidServerAddress
    case insecureServerAddress
    /// The server asked for a key derivation outside the trusted range.
    case untrustedKeyParameters
    case cancelled
    /// The outbox's own file could not be read or written here (a full or read-only disk): the
    /// server was not the problem, and what waits stays queued.
    case localStorage

    /// The server answered and refused the request itself (a 4xx on what was asked): saying
    /// « unreachable » would hide its reason.
    public var isRefusal: Bool {
        switch self {
        case .rejected, .notFound, .conflict, .budgetAlreadyExists, .transactionAlreadyExists: true
        default: false
        }
    }

    /// The server could not be reached at all: the cache and offline browsing apply.
    public var isTransport: Bool {
        switch self {
        case .unreachable, .proxyRefused, .offline, .timeout: true
        default: false
        }
    }
}
