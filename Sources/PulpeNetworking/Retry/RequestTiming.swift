import Foundation
import PulpeDomain

/// Every time source the client uses, injected so tests control time exactly.
///
/// Two clocks because they do different jobs: `clock` paces backoff waits and accounts for the
/// operation budget between attempts; `deadlineClock` runs the watchdog that races an attempt
/// which never answers. In production both are the same `ContinuousClock`. Tests pace retries on
/// an `ImmediateClock` while the watchdog sits on a clock that never fires — or the reverse, to
/// make a hanging request time out at once. (One immediate clock for both would let the watchdog
/// win races it should lose.)
public struct RequestTiming: Sendable {
    public var policy: RetryPolicy
    public var clock: any Clock<Duration>
    public var deadlineClock: any Clock<Duration>
    public var jitter: Jitter
    /// Wall-clock time, for `Retry-After` dates.
    public var now: @Sendable () -> Date

    public init(policy: RetryPolicy = .standard, clock: any Clock<Duration> = ContinuousClock(),
                deadlineClock: (any Clock<Duration>)? = nil, jitter: Jitter = .system,
                now: @escaping @Sendable () -> Date = { SystemTime.now() }) {
        self.policy = policy
        self.clock = clock
        self.deadlineClock = deadlineClock ?? clock
        self.jitter = jitter
        self.now = now
    }

    /// Real clocks, the standard policy, system randomness.
    public static var live: RequestTiming { RequestTiming() }
}
