import Dispatch
import PulpeCore

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
