import PulpeCore
import PulpeDomain
import PulpeServices

/// Runs the core's asynchronous effects and reports their outcome as messages: timers here, and
/// each concern's command routed to the service of that concern (`run`, PulpeServices/Commands).
///
/// Terminal effects (`redrawAll`, `quit`) belong to the loop that owns the terminal, so this
/// runner only takes the ones that need waiting or I/O; it never touches the terminal. Service
/// effects wait for the services to be ready (the first frame never does).
public final class EffectRunner: Sendable {
    private let clock: any AppClock
    private let provider: ServiceProvider
    private let send: @Sendable (Msg) -> Void

    public init(clock: any AppClock, services provider: ServiceProvider, send: @escaping @Sendable (Msg) -> Void) {
        self.clock = clock
        self.provider = provider
        self.send = send
    }

    /// Starts the effect and returns its task (tests await it; the app lets it run).
    @discardableResult
    public func run(_ effect: Effect) -> Task<Void, Never>? {
        let clock = self.clock
        let send = self.send
        switch effect {
        case let .schedule(token, after):
            // The deadline is fixed now, when the core asked, so a late wake-up still reports
            // the time the timer was meant for, and schedules replay identically in tests.
            let deadline = clock.now() + after
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
        // Every concern's command goes to the service of that concern (`ServiceSet.run`), its
        // events come back as messages: no new command changes this runner.
        case .availability, .session, .budgets, .outbox:
            return withServices { await $0.run(effect, now: { clock.now() }, send: send) }
        }
    }

    /// A task that waits for the services, then runs `work` with them.
    private func withServices(_ work: @escaping @Sendable (ServiceSet) async -> Void) -> Task<Void, Never> {
        let provider = self.provider
        return Task { await work(await provider.services) }
    }
}
