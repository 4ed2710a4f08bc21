import Foundation
import PulpeDomain

/// Every failure the networking layer reports: one type callers switch on (`kind`), with an
/// English line for logs (`diagnostic`). The words a user reads are the views' (PulpeUI's
/// `FailureText`, from the core's `Failure` that PulpeServices maps this to).
///
/// Public API methods throw only this type (typed throws), so callers never cast.
public struct PulpeError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// No HTTP answer: the server or the network is unreachable.
        case offline(UnreachableReason)
        /// No answer in time (idle timeout, the operation's budget, or HTTP 408).
        case timeout
        /// The caller cancelled (task cancellation).
        case cancelled
        /// A configured or built URL is not a usable http(s) URL.
        case invalidURL
        /// Plain `http://` to a host that is not this machine, without the explicit opt-in.
        case insecureURL
        /// No session, or the bearer was refused even after a refresh: log in again.
        case unauthorized
        /// The server refuses this caller.
        case forbidden(ForbiddenReason)
        /// The budget, transaction or route does not exist.
        case notFound
        /// The resource already exists.
        case conflict(ConflictReason)
        /// Throttled; `retryAfter` is what the server asked to wait, when it said.
        case rateLimited(retryAfter: Duration?)
        /// The request body or query was rejected; resending it unchanged fails again.
        case validation(reason: String?, fields: [ValidationIssue])
        /// The server failed (5xx other than maintenance, unknown answers).
        case serverError
        /// The service is in maintenance (HTTP 503 + `code: MAINTENANCE`).
        case maintenance
        /// The PIN-derived client key is not this account's (`ERR_ENCRYPTION_KEY_CHECK_FAILED`).
        case wrongClientKey
        /// Wrong email or password at login.
        case invalidCredentials
        /// The server asked for a key derivation outside 500 000 … 2 000 000 PBKDF2 rounds.
        case untrustedKeyParameters(iterations: Int)
        /// A 2xx answer whose body could not be read.
        case decoding
    }

    /// Why a host could not be reached.
    public enum UnreachableReason: Sendable, Hashable {
        case cannotConnect
        case hostNotFound
        case connectionLost
        case notConnectedToInternet
        case secureConnectionFailed
        /// The proxy could not be reached or refused the tunnel.
        case proxy
        case other
    }

    /// Why the server refuses the caller.
    public enum ForbiddenReason: Sendable, Hashable {
        /// `ERR_USER_ACCOUNT_BLOCKED`: the account is scheduled for deletion.
        case accountBlocked
        /// `IP_BLOCKED` (middleware).
        case ipBlocked
        /// `ERR_AUTH_CLIENT_KEY_MISSING`, or no key unlocked yet on this side: ask for the PIN.
        case clientKeyMissing
        /// `ERR_AUTH_CLIENT_KEY_INVALID`: the key is not 64 hex characters or is all zeros.
        case clientKeyInvalid
        /// The auth server refused the project's public key (`apikey`): a configuration problem.
        case authKeyRejected
        /// Any other 403.
        case other
    }

    /// What already exists.
    public enum ConflictReason: Sendable, Hashable {
        /// `ERR_BUDGET_ALREADY_EXISTS`: a budget exists for that month.
        case budgetAlreadyExists
        /// `ERR_TRANSACTION_ALREADY_EXISTS`: a transaction with this client id exists.
        case transactionAlreadyExists
        /// Any other 409.
        case other
    }

    public var kind: Kind
    public var context: ErrorContext

    public init(_ kind: Kind, context: ErrorContext = ErrorContext()) {
        self.kind = kind
        self.context = context
    }

    public var description: String { diagnostic }

    // MARK: Classification

    /// No HTTP answer came back (a transport failure or the operation budget). The startup check
    /// fails *open* to "network unavailable" on these and *closed* to maintenance on anything else.
    public var isTransport: Bool {
        switch kind {
        case .offline: return true
        case .timeout: return context.status == nil
        default: return false
        }
    }

    /// A later attempt may succeed without changing the request (keep an outbox entry queued):
    /// transport failures, timeouts, 5xx, maintenance, throttling.
    public var isTransient: Bool {
        switch kind {
        case .offline, .timeout, .serverError, .maintenance, .rateLimited: return true
        default: return false
        }
    }

    /// Whether the UI should send the user back to the login screen.
    public var requiresLogin: Bool { kind == .unauthorized }

    /// Whether the UI should ask for the PIN again.
    public var requiresPIN: Bool {
        switch kind {
        case .wrongClientKey, .forbidden(.clientKeyMissing), .forbidden(.clientKeyInvalid): return true
        default: return false
        }
    }

    /// Wraps anything thrown inside the client: `PulpeError` passes through, cancellation becomes
    /// `.cancelled`, a transport failure is classified, anything else is a server-side mystery.
    static func wrap(_ error: any Error, context: ErrorContext = ErrorContext()) -> PulpeError {
        if let error = error as? PulpeError { return error }
        if error is CancellationError { return PulpeError(.cancelled, context: context) }
        return PulpeError(transport: TransportFailure.from(error), context: context)
    }

    /// The error for a transport failure.
    init(transport failure: TransportFailure, context: ErrorContext) {
        var context = context
        context.transportCode = failure.code ?? context.transportCode
        if context.serverMessage == nil, let message = failure.message { context.serverMessage = ErrorContext.shorten(message) }
        let kind: Kind
        switch failure.kind {
        case .cancelled: kind = .cancelled
        case .timedOut: kind = .timeout
        case .cannotConnect: kind = .offline(.cannotConnect)
        case .hostNotFound: kind = .offline(.hostNotFound)
        case .connectionLost: kind = .offline(.connectionLost)
        case .notConnectedToInternet: kind = .offline(.notConnectedToInternet)
        case .secureConnectionFailed: kind = .offline(.secureConnectionFailed)
        case .proxyFailed: kind = .offline(.proxy)
        case .other: kind = .offline(.other)
        }
        self.init(kind, context: context)
    }
}
