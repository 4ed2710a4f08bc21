import Foundation
import PulpeDomain

/// The networking layer wired together for the app runtime: one client, its session manager,
/// client-key service, connectivity monitor and maintenance signal, sharing one transport.
///
/// ```swift
/// let network = await PulpeNetwork.make(configuration: config,
///                                       sessionStore: SessionStore(fileURL: SessionStore.defaultFileURL(environment: env)))
/// if let info = try await network.sessions.restoreValidated(), info.kind == .demo {
///     try await network.clientKeys.unlockDemo()          // else: PIN screen → clientKeys.unlock(pin:)
/// }
/// for await event in network.maintenance.events() { … }          // → Maintenance screen
/// for await state in await network.connectivity.updates() { … }   // → offline badge, outbox drain
/// ```
public struct PulpeNetwork: Sendable {
    public let configuration: APIConfiguration
    public let client: PulpeAPIClient
    public let sessions: AuthSessionManager
    public let clientKeys: ClientKeyService
    public let connectivity: ConnectivityMonitor
    public let maintenance: MaintenanceSignal

    /// - Parameters:
    ///   - transport: `CurlHTTPTransport()` (PulpeCurlTransport) in production.
    ///   - sessionStore: where sessions persist (`nil`: memory only).
    ///   - timing: clocks, retry policy and jitter of the client.
    ///   - probeClock, probeSchedule: the offline probe's pacing.
    public static func make(configuration: APIConfiguration, transport: any HTTPTransport,
                            sessionStore: SessionStore?, timing: RequestTiming = .live,
                            maintenance: MaintenanceSignal = MaintenanceSignal(),
                            probeClock: any Clock<Duration> = ContinuousClock(),
                            probeSchedule: Backoff = .connectivityProbe) async -> PulpeNetwork {
        let probe = HealthProbe(transport: transport, configuration: configuration)
        let connectivity = ConnectivityMonitor(probe: { await probe() }, clock: probeClock, jitter: timing.jitter,
                                               schedule: probeSchedule)
        let client = PulpeAPIClient(configuration: configuration, transport: transport, timing: timing,
                                    maintenance: maintenance, outcomeObserver: connectivity)
        let sessions = AuthSessionManager(client: client, store: sessionStore)
        await sessions.attach()
        return PulpeNetwork(configuration: configuration, client: client, sessions: sessions,
                            clientKeys: ClientKeyService(client: client), connectivity: connectivity,
                            maintenance: maintenance)
    }
}
