import Foundation
import PulpeDomain

/// Learns online/offline from request outcomes and, while offline, probes until the server answers.
///
/// Why from outcomes: the only connectivity that matters is "can we reach *this* server"; a
/// failed request says so in a millisecond (refused is `-1004` at once), no OS API needed. While
/// offline a probe runs on `clock` with `Backoff.connectivityProbe`; the first answer — from the
/// probe or from any other request — flips the state to online and is announced on `updates()`,
/// which the app uses to drain the outbox.
public actor ConnectivityMonitor: RequestOutcomeObserver {
    public typealias Probe = @Sendable () async -> Bool

    public private(set) var state: ConnectivityState = .unknown
    /// Probes sent since the last time the state went offline (diagnostics, tests).
    public private(set) var probesSent = 0

    private let probe: Probe
    private let clock: any Clock<Duration>
    private let jitter: Jitter
    private let schedule: Backoff
    private let broadcaster = Broadcaster<ConnectivityState>()
    private var probeTask: Task<Void, Never>?
    /// Identifies the current probe loop, so a loop that was replaced cannot act for its successor.
    private var probeGeneration = 0

    public init(probe: @escaping Probe, clock: any Clock<Duration> = ContinuousClock(), jitter: Jitter = .system,
                schedule: Backoff = .connectivityProbe) {
        self.probe = probe
        self.clock = clock
        self.jitter = jitter
        self.schedule = schedule
    }

    /// The current state, then every change.
    public func updates() -> AsyncStream<ConnectivityState> {
        broadcaster.stream(initial: state)
    }

    public func record(_ outcome: RequestOutcome) {
        switch outcome {
        case .answered:
            transition(to: .online)
        case .unreachable(let kind):
            if kind != .cancelled { transition(to: .offline) }
        }
    }

    /// Stops probing and ends every `updates()` stream (at shutdown).
    public func stop() {
        probeTask?.cancel()
        probeTask = nil
        broadcaster.finish()
    }

    /// Whether a probe loop is running.
    public var isProbing: Bool { probeTask != nil }

    private func transition(to newState: ConnectivityState) {
        guard newState != state else { return }
        state = newState
        broadcaster.yield(newState)
        switch newState {
        case .offline:
            startProbing()
        case .online, .unknown:
            probeTask?.cancel()
            probeTask = nil
        }
    }

    private func startProbing() {
        probeTask?.cancel()
        probesSent = 0
        probeGeneration += 1
        let generation = probeGeneration
        let probe = self.probe
        let clock = self.clock
        let jitter = self.jitter
        let schedule = self.schedule
        probeTask = Task { [weak self] in
            var index = 0
            while !Task.isCancelled {
                do {
                    try await sleep(on: clock, for: schedule.delay(afterRetries: index, fraction: jitter.next()))
                } catch {
                    return
                }
                guard !Task.isCancelled, let self else { return }
                await self.countProbe()
                if await probe() {
                    await self.probeSucceeded(generation: generation)
                    return
                }
                index += 1
            }
        }
    }

    private func countProbe() {
        probesSent += 1
    }

    private func probeSucceeded(generation: Int) {
        guard generation == probeGeneration else { return }
        probeTask = nil
        transition(to: .online)
    }
}
