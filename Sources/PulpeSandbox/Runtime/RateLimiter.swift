import Foundation
import PulpeDomain

/// A sliding-window limiter: at most `limit` calls per `window` per key (the validate-key throttle,
/// `docs/contract.md` §5: 5 a minute per user).
final class RateLimiter: Sendable {
    private let limit: Int
    private let window: TimeInterval
    private let calls = Locked<[String: [Date]]>([:])

    init(limit: Int, window: TimeInterval) {
        self.limit = limit
        self.window = window
    }

    /// Records a call for `key` at `now`, or — when the key is over its limit — records nothing and
    /// returns the whole seconds until a call is allowed again.
    func attempt(key: String, now: Date) -> Int? {
        calls.withLock { table in
            var recent = (table[key] ?? []).filter { now.timeIntervalSince($0) < window }
            defer { table[key] = recent }
            guard recent.count < limit else {
                let wait = window - now.timeIntervalSince(recent[0])
                return max(1, Int(wait.rounded(.up)))
            }
            recent.append(now)
            return nil
        }
    }
}
