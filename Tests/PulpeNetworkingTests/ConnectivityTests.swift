import Clocks
import Foundation
@testable import PulpeNetworking
import PulpeDomain
import Testing

@Suite("Connectivity: learned from outcomes, probed with backoff while offline", .timeLimit(.minutes(1)))
struct ConnectivityTests {
    @Test("Probe ceilings double from 2 s up to 60 s; equal jitter keeps each wait in its upper half")
    func schedule() {
        let schedule = Backoff.connectivityProbe
        #expect((0..<7).map(schedule.ceiling(afterRetries:)) == [2, 4, 8, 16, 32, 60, 60].map { Duration.seconds($0) })
        #expect(schedule.delay(afterRetries: 0, fraction: 0) == .seconds(1))
        #expect(schedule.delay(afterRetries: 2, fraction: 1) == .seconds(8))
    }

    @Test("Outcomes drive the state; cancellations teach nothing")
    func outcomes() async {
        let monitor = ConnectivityMonitor(probe: { false }, clock: NeverClock())
        #expect(await monitor.state == .unknown)
        await monitor.record(.unreachable(.cancelled))
        #expect(await monitor.state == .unknown)
        await monitor.record(.answered)
        #expect(await monitor.state == .online)
        await monitor.record(.unreachable(.cannotConnect))
        #expect(await monitor.state == .offline)
        #expect(await monitor.isProbing)
        await monitor.record(.answered)
        #expect(await monitor.state == .online)
        #expect(await monitor.isProbing == false)
        await monitor.stop()
    }

    @Test("While offline the probe runs at 2 s, 6 s, 14 s … and announces the return of the network")
    func probesUntilBack() async {
        let clock = ImmediateClock()
        let recorder = InstantRecorder(clock: clock)
        let answers = Locked([false, false, true])
        let monitor = ConnectivityMonitor(probe: {
            recorder.mark()
            return answers.withLock { $0.isEmpty ? true : $0.removeFirst() }
        }, clock: clock, jitter: .constant(1))
        let updates = await monitor.updates()
        await monitor.record(.unreachable(.cannotConnect))
        var states: [ConnectivityState] = []
        for await state in updates {
            states.append(state)
            if state == .online { break }
        }
        #expect(states == [.unknown, .offline, .online])
        #expect(recorder.instants == [2, 6, 14].map { Duration.seconds($0) })
        #expect(await monitor.probesSent == 3)
        #expect(await monitor.isProbing == false)
        await monitor.stop()
    }

    @Test("The client reports every attempt: refused → offline, any HTTP status → online")
    func clientOutcomes() async {
        let monitor = ConnectivityMonitor(probe: { false }, clock: NeverClock())
        let transport = ScriptedTransport([.refused, .refused, .refused, .refused, .json(500, "")])
        let client = await Fixture.client(transport, observer: monitor)
        _ = await pulpeError { _ = try await client.health() }
        #expect(await monitor.state == .offline)
        _ = await pulpeError { _ = try await client.health() }
        #expect(await monitor.state == .online)
        await monitor.stop()
    }

    @Test("The health probe: GET /health, any HTTP answer is reachable")
    func healthProbe() async {
        let transport = ScriptedTransport([.json(503, Fixture.maintenanceJSON), .refused])
        let probe = HealthProbe(transport: transport, configuration: Fixture.configuration)
        #expect(await probe())
        #expect(await probe() == false)
        #expect(transport.requests.map(\.url.absoluteString) == ["https://api.pulpe.test/health", "https://api.pulpe.test/health"])
        #expect(transport.requests.allSatisfy { $0.headers["Authorization"] == nil })
    }

    @Test("The assembled network reports to its monitor and probes through the same transport")
    func assembled() async throws {
        let transport = ScriptedTransport([.refused, .json(200, #"{"status":"healthy"}"#)])
        var timing = Fixture.timing()
        timing.policy = timing.policy.withoutRetries
        let network = await PulpeNetwork.make(configuration: Fixture.configuration, transport: transport, sessionStore: nil,
                                              timing: timing, probeClock: ImmediateClock())
        let updates = await network.connectivity.updates()
        _ = await pulpeError { _ = try await network.client.health() }
        var states: [ConnectivityState] = []
        for await state in updates {
            states.append(state)
            if state == .online { break }
        }
        #expect(states == [.unknown, .offline, .online])
        #expect(transport.requests.map(\.path) == ["/health", "/health"])
        await network.connectivity.stop()
    }
}
