import Foundation
import PulpeDomain

extension Backoff {
    /// Request retries: full jitter on 200 ms, 500 ms, 1.25 s ceilings (×2.5, capped at 2 s), at
    /// most 3 retries — short enough to hide a blip, spread so clients that failed together do not
    /// come back together.
    public static let networkRetry = Backoff(initial: .milliseconds(200), multiplier: 2.5, cap: .seconds(2),
                                             jitter: .full, maxRetries: 3)
}

/// When and how long to wait before trying a failed request again: which errors are worth it, the
/// backoff between attempts (`Backoff.networkRetry`), `Retry-After`, and the operation's budget.
public struct RetryPolicy: Sendable, Hashable {
    /// The waits between attempts and how many retries follow the first attempt (3 → at most 4).
    public var backoff: Backoff
    /// The longest `Retry-After` honoured inside one operation; a server asking for more gets the
    /// error back at once (with `retryAfter`) — waiting less than it asked would only fail again.
    public var maxRetryAfter: Duration
    /// The whole operation (every attempt, refresh and wait) must finish within this.
    public var operationBudget: Duration

    public init(backoff: Backoff = .networkRetry, maxRetryAfter: Duration = .seconds(10),
                operationBudget: Duration = .seconds(30)) {
        self.backoff = backoff
        self.maxRetryAfter = maxRetryAfter
        self.operationBudget = operationBudget
    }

    /// The defaults above.
    public static let standard = RetryPolicy()

    /// A single attempt (probes, and requests that must never be repeated).
    public var withoutRetries: RetryPolicy {
        var copy = self
        copy.backoff.maxRetries = 0
        return copy
    }

    /// Whether `error` is worth an immediate retry:
    /// refused or dropped connections, timeouts, 502/503/504 (not maintenance), 429, and a 500
    /// `ERR_TRANSACTION_CREATE_FAILED` (the row may exist; a replay with the same id is safe).
    /// Never: other 4xx, maintenance, cancellation, DNS or "no internet" (retrying in a second
    /// will not fix those; the connectivity monitor watches for the network instead).
    public static func isRetryable(_ error: PulpeError) -> Bool {
        switch error.kind {
        case .offline(.cannotConnect), .offline(.connectionLost), .timeout, .rateLimited:
            return true
        case .serverError:
            if let status = error.context.status, [502, 503, 504].contains(status) { return true }
            return error.context.code == "ERR_TRANSACTION_CREATE_FAILED"
        default:
            return false
        }
    }

    /// The wait before retry `retryIndex`, or `nil` to give up.
    ///
    /// - Parameters:
    ///   - idempotent: whether the request may be sent twice (GET/PATCH/DELETE, or a POST carrying
    ///     a client-chosen id). Non-idempotent requests are never retried.
    ///   - fraction: the jitter draw for this retry.
    public func delay(after error: PulpeError, retryIndex: Int, idempotent: Bool, fraction: Double) -> Duration? {
        guard idempotent, backoff.allowsRetry(afterRetries: retryIndex), RetryPolicy.isRetryable(error) else { return nil }
        if let retryAfter = error.context.retryAfter {
            return retryAfter <= maxRetryAfter ? retryAfter : nil
        }
        return backoff.delay(afterRetries: retryIndex, fraction: fraction)
    }
}
