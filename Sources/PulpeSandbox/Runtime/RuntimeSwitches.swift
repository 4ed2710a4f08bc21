import Foundation
import PulpeDomain

/// The settings an operator (or a test) changes while the server runs: maintenance, latency and
/// faults. Read on every request, so they are behind one lock with a seeded generator for faults
/// (a fault run is reproducible for a given `--seed` and request order).
final class RuntimeSwitches: Sendable {
    struct State: Sendable {
        var maintenance: Bool
        var latencyMilliseconds: Int
        /// Only requests whose path starts with this are delayed (nil: every request).
        var latencyPathPrefix: String?
        var faults: FaultSettings
        var generator: SplitMix64
        /// Requests the latency is holding right now (tests wait for one to be on its way).
        var held = 0
        /// gzip as the real backend (`compression()`); off only to measure what it saves.
        var compresses = true
    }

    private let state: Locked<State>

    init(maintenance: Bool, latencyMilliseconds: Int, faults: FaultSettings, seed: UInt64) {
        state = Locked(State(maintenance: maintenance, latencyMilliseconds: latencyMilliseconds, faults: faults,
                             generator: SplitMix64(seed: seed ^ 0x5EED_FA17)))
    }

    var maintenance: Bool {
        get { state.withLock { $0.maintenance } }
        set { state.withLock { $0.maintenance = newValue } }
    }

    var compresses: Bool {
        get { state.withLock { $0.compresses } }
        set { state.withLock { $0.compresses = newValue } }
    }

    var latencyMilliseconds: Int {
        get { state.withLock { $0.latencyMilliseconds } }
        set { state.withLock { $0.latencyMilliseconds = max(0, newValue) } }
    }

    var latencyPathPrefix: String? {
        get { state.withLock { $0.latencyPathPrefix } }
        set { state.withLock { $0.latencyPathPrefix = newValue } }
    }

    /// The delay for a request to `path` (the admin routes are never delayed).
    func latency(for path: String) -> Int {
        guard !RoutePaths.isAdmin(path) else { return 0 }
        return state.withLock { state in
            if let prefix = state.latencyPathPrefix, !path.hasPrefix(prefix) { return 0 }
            return state.latencyMilliseconds
        }
    }

    /// How many requests the latency is holding right now.
    var heldRequests: Int { state.withLock { $0.held } }

    /// Counts a request as held by the latency while `body` runs.
    func holding<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
        state.withLock { $0.held += 1 }
        defer { state.withLock { $0.held -= 1 } }
        return try await body()
    }

    var faults: FaultSettings {
        get { state.withLock { $0.faults } }
        set { state.withLock { $0.faults = newValue } }
    }

    /// Draws whether this request fails, and how. `isTransactionCreate` says whether the request is
    /// `POST /api/v1/transactions`, the only one the `created-*` kinds apply to; for any other
    /// request they are left out of the draw (so a list of only `created-*` kinds leaves reads alone).
    func drawFault(isTransactionCreate: Bool) -> InjectedFault? {
        state.withLock { state in
            let faults = state.faults
            guard faults.rate > 0, !faults.kinds.isEmpty else { return nil }
            let roll = Double(state.generator.next() >> 11) / Double(1 << 53)
            guard roll < faults.rate else { return nil }
            let candidates = faults.kinds.filter { isTransactionCreate || !$0.needsTransactionCreate }
            guard !candidates.isEmpty else { return nil }
            let kind = candidates[Int(state.generator.next() % UInt64(candidates.count))]
            guard kind == .slow else { return InjectedFault(kind: kind, delayMilliseconds: 0) }
            let bounds = FaultKind.slowDelayMilliseconds
            let span = UInt64(bounds.upperBound - bounds.lowerBound + 1)
            return InjectedFault(kind: kind, delayMilliseconds: bounds.lowerBound + Int(state.generator.next() % span))
        }
    }
}
