import PulpeCore

/// The runtime's only source of time. Production uses `ContinuousClock` (it keeps counting across
/// system sleep); tests inject swift-clocks' `ImmediateClock` or `TestClock` through `ClockAdapter`.
public protocol AppClock: Sendable {
    /// Time since the app started.
    func now() -> AppTime
    /// Suspends until `deadline`; throws `CancellationError` if the task is cancelled.
    func sleep(until deadline: AppTime) async throws
}

/// Adapts any `Clock` measured in `Duration` to `AppClock`, counting from the adapter's creation.
public struct ClockAdapter<C: Clock>: AppClock where C.Duration == Duration {
    public let clock: C
    public let start: C.Instant

    public init(_ clock: C) {
        self.clock = clock
        self.start = clock.now
    }

    public func now() -> AppTime { AppTime(start.duration(to: clock.now)) }

    public func sleep(until deadline: AppTime) async throws {
        // A deadline already reached needs no sleep (and `TestClock` would hold a sleep until
        // exactly « now » until its next advance).
        guard deadline > now() else { return }
        try await clock.sleep(until: start.advanced(by: deadline.sinceStart), tolerance: nil)
    }
}
