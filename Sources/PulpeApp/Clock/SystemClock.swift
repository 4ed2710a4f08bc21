import Dispatch
import PulpeCore

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
