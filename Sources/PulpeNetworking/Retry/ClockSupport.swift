/// Helpers that open an `any Clock<Duration>` once, so the rest of the code can sleep and measure
/// on an injected clock (ContinuousClock in production, ImmediateClock/TestClock in tests).

/// Sleeps `duration` on `clock`; throws `CancellationError` when the task is cancelled.
func sleep(on clock: any Clock<Duration>, for duration: Duration) async throws {
    try await openedSleep(clock, duration)
}

private func openedSleep<C: Clock>(_ clock: C, _ duration: Duration) async throws where C.Duration == Duration {
    try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
}

/// Measures time elapsed on a clock since it was created.
struct Stopwatch: Sendable {
    private let elapsedNow: @Sendable () -> Duration

    init(_ clock: any Clock<Duration>) {
        elapsedNow = Stopwatch.start(clock)
    }

    private static func start<C: Clock>(_ clock: C) -> @Sendable () -> Duration where C.Duration == Duration {
        let origin = clock.now
        return { origin.duration(to: clock.now) }
    }

    var elapsed: Duration { elapsedNow() }
}
