/// How often the offline probe knocks: doubling from `initialDelay` up to `maxDelay`, with
/// "equal jitter" (each wait is between half and all of its ceiling) so it never hammers the
/// server right after a failure yet never waits longer than the ceiling.
public struct ProbeSchedule: Sendable, Hashable {
    public var initialDelay: Duration
    public var multiplier: Double
    public var maxDelay: Duration

    public init(initialDelay: Duration = .seconds(2), multiplier: Double = 2, maxDelay: Duration = .seconds(60)) {
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
    }

    /// 2 s, 4 s, 8 s … 60 s.
    public static let standard = ProbeSchedule()

    /// The ceiling of the wait before probe `index` (0-based).
    public func ceiling(forProbe index: Int) -> Duration {
        var ceiling = initialDelay
        for _ in 0..<max(0, index) {
            ceiling = ceiling * multiplier
            if ceiling >= maxDelay { return maxDelay }
        }
        return min(ceiling, maxDelay)
    }

    /// The wait before probe `index` for a jitter draw in `0...1`: `ceiling × (0.5 + 0.5 × fraction)`.
    public func delay(forProbe index: Int, fraction: Double) -> Duration {
        ceiling(forProbe: index) * (0.5 + 0.5 * min(1, max(0, fraction)))
    }
}
