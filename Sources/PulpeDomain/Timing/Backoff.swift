/// How long to wait before trying again after a failure: exponential ceilings and a jitter rule.
///
/// One value type for every such wait in the app — network retries, the offline connectivity
/// probe, the maintenance re-check — so the arithmetic lives once and each schedule is a constant
/// next to its user (`Backoff.networkRetry`, `.connectivityProbe`, `.maintenanceRecheck`).
///
/// Wait `n` (0-based: the wait before the first retry is wait 0) has the ceiling
/// `min(initial × multiplier^n, cap)`; the jitter rule turns the ceiling into the actual wait, so
/// clients that failed together do not come back together.
public struct Backoff: Sendable, Hashable {
    /// How a ceiling becomes a wait.
    public enum JitterMode: Sendable, Hashable {
        /// Uniform in `0...ceiling` (AWS's "exponential backoff and jitter"): the widest spread,
        /// for short waits where coming back early costs nothing.
        case full
        /// Uniform in `ceiling/2...ceiling`: never knocks again right after a failure, never waits
        /// longer than the ceiling.
        case equal
        /// The ceiling plus `0...fraction` of it, in whole milliseconds: never earlier than the
        /// ceiling, for waits announced on screen (« Prochaine vérification dans 15 s »).
        case additive(fraction: Double)
    }

    /// The ceiling of wait 0.
    public var initial: Duration
    /// How much each ceiling grows over the previous one.
    public var multiplier: Double
    /// No ceiling exceeds this.
    public var cap: Duration
    public var jitter: JitterMode
    /// How many retries the schedule allows after the first attempt; `nil` never gives up.
    public var maxRetries: Int?

    public init(initial: Duration, multiplier: Double, cap: Duration, jitter: JitterMode, maxRetries: Int? = nil) {
        self.initial = initial
        self.multiplier = multiplier
        self.cap = cap
        self.jitter = jitter
        self.maxRetries = maxRetries
    }

    /// Whether one more retry is allowed once `retries` retries have been made.
    public func allowsRetry(afterRetries retries: Int) -> Bool {
        maxRetries.map { retries < $0 } ?? true
    }

    /// The ceiling of the wait that follows `retries` retries (0 → `initial`).
    public func ceiling(afterRetries retries: Int) -> Duration {
        var ceiling = initial
        for _ in 0..<max(0, retries) {
            ceiling = ceiling * multiplier
            if ceiling >= cap { return cap }
        }
        return min(ceiling, cap)
    }

    /// The wait for a jitter draw `fraction` in `0...1` (clamped): 0 is the shortest wait the mode
    /// allows, 1 the longest. For injected draws (a constant, a script) in the client's tests.
    public func delay(afterRetries retries: Int, fraction: Double) -> Duration {
        let ceiling = ceiling(afterRetries: retries)
        let fraction = fraction.isNaN ? 0 : min(1, max(0, fraction))
        switch jitter {
        case .full:
            return ceiling * fraction
        case .equal:
            return ceiling * (0.5 + 0.5 * fraction)
        case .additive(let spread):
            let extra = Double(Backoff.spreadMilliseconds(of: ceiling, fraction: spread)) * fraction
            return ceiling + .milliseconds(Int64(extra.rounded()))
        }
    }

    /// The wait drawn from `generator`. Seeded generators give the same waits on every run; the
    /// number of values drawn per wait is fixed (one), so a seeded schedule stays reproducible.
    public func delay(afterRetries retries: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        switch jitter {
        case .full, .equal:
            return delay(afterRetries: retries, fraction: Backoff.fraction(using: &generator))
        case .additive(let spread):
            let ceiling = ceiling(afterRetries: retries)
            let extra = Int.random(in: 0...Backoff.spreadMilliseconds(of: ceiling, fraction: spread), using: &generator)
            return ceiling + .milliseconds(extra)
        }
    }

    /// A uniform draw in `0..<1` from the top 53 bits of one generator value (a double's precision).
    public static func fraction(using generator: inout some RandomNumberGenerator) -> Double {
        Double(generator.next() >> 11) / Double(UInt64(1) << 53)
    }

    /// The additive spread in whole milliseconds: `fraction` of the ceiling, rounded down.
    private static func spreadMilliseconds(of ceiling: Duration, fraction: Double) -> Int {
        let (seconds, attoseconds) = ceiling.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return max(0, Int(Double(milliseconds) * fraction))
    }
}
