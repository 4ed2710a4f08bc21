import Dispatch
import PulpeCore

/// The runtime's only source of time. Production uses `SystemClock` (`ContinuousClock`, which keeps
/// counting across system sleep); tests inject swift-clocks' `ImmediateClock` or `TestClock`
/// through `ClockAdapter`.
public protocol AppClock: Sendable {
    /// Time since the app started.
    func now() -> AppTime
    /// Suspends until `deadline`; throws `CancellationError` if the task is cancelled.
    func sleep(until deadline: AppTime) async throws
    /// Runs `body` on the main actor once `deadline` has come, unless the handle is cancelled first.
    /// The runtime paints each animation frame through it; the default sleeps in a task.
    @MainActor func wake(at deadline: AppTime, _ body: @escaping @MainActor () -> Void) -> WakeHandle
}

/// Cancels a wake-up armed with `AppClock.wake(at:_:)`. Used on the main actor only.
@MainActor
public struct WakeHandle {
    private let cancelBody: @MainActor () -> Void

    public init(cancel: @escaping @MainActor () -> Void) { cancelBody = cancel }

    public func cancel() { cancelBody() }
}

extension AppClock {
    @MainActor
    public func wake(at deadline: AppTime, _ body: @escaping @MainActor () -> Void) -> WakeHandle {
        let task = Task { @MainActor in
            do {
                try await sleep(until: deadline)
                // Cancelled after the sleep ended but before this resumed: the wake-up is stale.
                if !Task.isCancelled { body() }
            } catch {}
        }
        return WakeHandle { task.cancel() }
    }
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

/// The real time, for the TUI and the shell.
///
/// Its `wake(at:_:)` arms one dispatch timer straight onto the main queue. A sleeping task costs two
/// more thread hops per wake-up (the timer's queue, then the main actor), and at ten animation
/// frames a second those hops were half the maintenance screen's idle CPU (decision 66).
public struct SystemClock: AppClock {
    private let base = ClockAdapter(ContinuousClock())

    public init() {}

    public func now() -> AppTime { base.now() }

    public func sleep(until deadline: AppTime) async throws { try await base.sleep(until: deadline) }

    @MainActor
    public func wake(at deadline: AppTime, _ body: @escaping @MainActor () -> Void) -> WakeHandle {
        let (seconds, attoseconds) = max(.zero, deadline - now()).components
        let delay = DispatchTimeInterval.nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        let item = DispatchWorkItem { MainActor.assumeIsolated { body() } }
        DispatchQueue.main.asyncAfter(deadline: .now() + delay, execute: item)
        return WakeHandle { item.cancel() }
    }
}
