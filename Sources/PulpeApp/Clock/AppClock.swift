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
