import Clocks
import Foundation
import PulpeDomain

/// A clock whose sleeps only end by cancellation: the watchdog clock of tests that must never time
/// out, so an `ImmediateClock` can pace retries without the watchdog winning the race.
struct NeverClock: Clock {
    typealias Duration = Swift.Duration
    typealias Instant = ContinuousClock.Instant

    var now: Instant { ContinuousClock.now }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await Task.sleep(for: .seconds(86_400 * 365))
    }
}
