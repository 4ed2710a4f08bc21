import Clocks
import Foundation
import PulpeDomain
@testable import PulpeNetworking
import Testing

@Suite("Maintenance signal")
struct MaintenanceSignalTests {
    @Test("503 + MAINTENANCE raises .maintenance and the signal, once, without retrying")
    func signalRaised() async throws {
        let seen = Locked<[MaintenanceEvent]>([])
        let signal = MaintenanceSignal(onRaise: { event in seen.withLock { $0.append(event) } })
        let stream = signal.events()
        let transport = ScriptedTransport([.json(503, Fixture.maintenanceJSON, headers: ["X-Request-Id": "rid-1"])])
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer(), maintenance: signal)
        let error = await pulpeError { _ = try await client.budgets() }
        #expect(error?.kind == .maintenance)
        #expect(error?.isTransport == false)
        #expect(transport.requests.count == 1)
        #expect(signal.raisedCount == 1)
        let expected = MaintenanceEvent(method: "GET", path: "/api/v1/budgets", requestId: "rid-1",
                                        message: "Application en maintenance — réessaie plus tard")
        #expect(seen.current == [expected])
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == expected)
    }

    @Test("The status probe never raises the signal, even when it gets the maintenance 503")
    func statusProbeSilent() async {
        let signal = MaintenanceSignal()
        let transport = ScriptedTransport([
            .json(503, Fixture.maintenanceJSON),
            .json(200, #"{"maintenanceMode":true,"message":"Application en maintenance — réessaie plus tard"}"#),
        ])
        let client = await Fixture.client(transport, maintenance: signal)
        let error = await pulpeError { _ = try await client.maintenanceStatus() }
        #expect(error?.kind == .maintenance)
        #expect(await (try? client.maintenanceStatus())?.maintenanceMode == true)
        #expect(signal.raisedCount == 0)
    }

    @Test("A 503 without the MAINTENANCE code is an ordinary server error: no signal")
    func plain503() async {
        let signal = MaintenanceSignal()
        let transport = ScriptedTransport(Array(repeating: .json(503, Fixture.errorJSON(status: 503, code: "HTTP_503")), count: 4))
        let client = await Fixture.client(transport, maintenance: signal)
        let error = await pulpeError { _ = try await client.health() }
        #expect(error?.kind == .serverError)
        #expect(signal.raisedCount == 0)
        #expect(transport.requests.count == 4)
    }

    @Test("Every listener gets every event")
    func severalListeners() async {
        let signal = MaintenanceSignal()
        let first = signal.events()
        let second = signal.events()
        signal.raise(MaintenanceEvent(method: "GET", path: "/a"))
        signal.raise(MaintenanceEvent(method: "POST", path: "/b"))
        var a = first.makeAsyncIterator()
        var b = second.makeAsyncIterator()
        #expect(await a.next()?.path == "/a")
        #expect(await a.next()?.path == "/b")
        #expect(await b.next()?.path == "/a")
        #expect(await b.next()?.path == "/b")
    }
}
