import PulpeCore

/// Runs the core's asynchronous effects and reports their outcome as messages.
///
/// Terminal effects (`redrawAll`, `quit`) belong to the loop that owns the terminal, so this
/// runner only takes the ones that need waiting or I/O; it never touches ncurses.
public final class EffectRunner: Sendable {
    private let clock: any AppClock
    private let send: @Sendable (Msg) -> Void

    public init(clock: any AppClock, send: @escaping @Sendable (Msg) -> Void) {
        self.clock = clock
        self.send = send
    }

    /// Starts the effect and returns its task (tests await it; the app lets it run).
    @discardableResult
    public func run(_ effect: Effect) -> Task<Void, Never>? {
        switch effect {
        case let .schedule(token, after):
            // The deadline is fixed now, when the core asked, so a late wake-up still reports
            // the time the timer was meant for, and schedules replay identically in tests.
            let deadline = clock.now() + after
            let clock = self.clock
            let send = self.send
            return Task {
                do {
                    try await clock.sleep(until: deadline)
                    send(.timerFired(token, at: deadline))
                } catch {
                    // Cancelled: the app is quitting; a stale tick would be dropped anyway.
                }
            }
        case .redrawAll, .quit:
            return nil
        }
    }
}
