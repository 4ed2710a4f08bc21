import Foundation

/// When and how long to wait before trying a failed request again.
///
/// Backoff is exponential with *full jitter* (AWS's "exponential backoff and jitter"): retry `n`
/// (0-based) waits a uniform fraction of `min(baseDelay × multiplier^n, maxDelay)` — 200 ms, 500 ms,
/// 1.25 s, capped at 2 s — so clients that failed together do not come back together.
public struct RetryPolicy: Sendable, Hashable {
    /// Retries after the first attempt (3 → at most 4 attempts).
    public var maxRetries: Int
    public var baseDelay: Duration
    public var multiplier: Double
    public var maxDelay: Duration
    /// The longest `Retry-After` honoured inside one operation; a server asking for more gets the
    /// error back at once (with `retryAfter`) — waiting less than it asked would only fail again.
    public var maxRetryAfter: Duration
    /// The whole operation (every attempt, refresh and wait) must finish within this.
    public var operationBudget: Duration

    public init(maxRetries: Int = 3, baseDelay: Duration = .milliseconds(200), multiplier: Double = 2.5,
                maxDelay: Duration = .seconds(2), maxRetryAfter: Duration = .seconds(10),
                operationBudget: Duration = .seconds(30)) {
        self.maxRetries = maxRetries
        self.baseDelay = baseDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.operationBudget = operationBudget
    }

    /// The defaults above.
    public static let standard = RetryPolicy()

    /// A single attempt (probes, and requests that must never be repeated).
    public var withoutRetries: RetryPolicy {
        var copy = self
        copy.maxRetries = 0
        return copy
    }

    /// The jitter ceiling before retry `retryIndex` (0-based).
    public func ceiling(forRetry retryIndex: Int) -> Duration {
        var ceiling = baseDelay
        for _ in 0..<max(0, retryIndex) {
            ceiling = ceiling * multiplier
            if ceiling >= maxDelay { return maxDelay }
        }
        return min(ceiling, maxDelay)
    }

    /// The wait before retry `retryIndex` for a jitter draw `fraction` in `0...1`.
    public func delay(forRetry retryIndex: Int, fraction: Double) -> Duration {
        ceiling(forRetry: retryIndex) * min(1, max(0, fraction))
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
        guard idempotent, retryIndex < maxRetries, RetryPolicy.isRetryable(error) else { return nil }
        if let retryAfter = error.context.retryAfter {
            return retryAfter <= maxRetryAfter ? retryAfter : nil
        }
        return delay(forRetry: retryIndex, fraction: fraction)
    }
}
