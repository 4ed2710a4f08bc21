import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PulpeDomain
import PulpeSandbox
import Testing

@Suite("Fault injection and latency", .timeLimit(.minutes(1)))
struct FaultInjectionTests {
    @Test("500: the envelope with ERR_INTERNAL_SERVER on /api/v1; health, auth and admin are untouched")
    func internalErrors() async throws {
        try await TestSandbox.with({ $0.faults = FaultSettings(rate: 1, kinds: [.internalError]) }) { sandbox in
            let result = try await sandbox.client.get("/api/v1/maintenance/status")
            expectEnvelope(result, status: 500, code: "ERR_INTERNAL_SERVER", method: "GET", path: "/api/v1/maintenance/status")
            #expect(try await sandbox.client.get("/health").status == 200)
            #expect(try await sandbox.client.get("/__sandbox/faults").status == 200)
            _ = try await sandbox.signedInUser() // the token endpoint still answers
        }
    }

    @Test("503 without the MAINTENANCE code: an ordinary server error, not maintenance")
    func plainUnavailable() async throws {
        try await TestSandbox.with({ $0.faults = FaultSettings(rate: 1, kinds: [.unavailable]) }) { sandbox in
            let result = try await sandbox.client.get("/api/v1/budgets")
            #expect(result.status == 503)
            #expect(result.code == "HTTP_503")
            #expect(!APIErrorBody.isMaintenance(status: result.status, body: result.body))
        }
    }

    @Test("drop: the connection closes without an answer")
    func dropped() async throws {
        try await TestSandbox.with({ $0.faults = FaultSettings(rate: 1, kinds: [.drop]) }) { sandbox in
            await #expect(throws: URLError.self) {
                _ = try await sandbox.client.get("/api/v1/budgets")
            }
            let health = try await sandbox.client.get("/health")
            #expect(health.status == 200)
        }
    }

    @Test("Admin routes change faults and latency at run time; a bad body is refused")
    func runtimeChanges() async throws {
        try await TestSandbox.with { sandbox in
            #expect(try await sandbox.client.get("/api/v1/app/version").status == 200)
            let set = try await sandbox.client.post("/__sandbox/faults", json: #"{"rate":1,"kinds":["500"]}"#)
            #expect(set.status == 200)
            #expect(set.object["rate"] == .number(1))
            #expect(try await sandbox.client.get("/api/v1/app/version").status == 500)
            #expect(try await sandbox.client.post("/__sandbox/faults", json: #"{"rate":2}"#).status == 400)
            #expect(try await sandbox.client.post("/__sandbox/faults", json: #"{"rate":0.5,"kinds":["teapot"]}"#).status == 400)
            _ = try await sandbox.client.post("/__sandbox/faults", json: #"{"rate":0}"#)
            #expect(try await sandbox.client.get("/api/v1/app/version").status == 200)

            // Long enough that a loaded machine (the whole suite runs in parallel) cannot blur the two.
            let latency = try await sandbox.client.post("/__sandbox/latency", json: #"{"milliseconds":6000}"#)
            #expect(latency.text == #"{"milliseconds":6000}"#)
            let start = ContinuousClock.now
            _ = try await sandbox.client.get("/health")
            #expect(ContinuousClock.now - start >= .milliseconds(6000))
            let adminStart = ContinuousClock.now
            _ = try await sandbox.client.get("/__sandbox/latency") // admin routes are never delayed
            #expect(ContinuousClock.now - adminStart < .milliseconds(6000))

            // Only under a prefix: the budgets are slow, the rest is not.
            let scoped = try await sandbox.client.post("/__sandbox/latency",
                                                       json: #"{"milliseconds":6000,"pathPrefix":"/api/v1/budgets"}"#)
            #expect(scoped.text == #"{"milliseconds":6000,"pathPrefix":"\/api\/v1\/budgets"}"# || scoped.text == #"{"milliseconds":6000,"pathPrefix":"/api/v1/budgets"}"#)
            let fastStart = ContinuousClock.now
            _ = try await sandbox.client.get("/health")
            #expect(ContinuousClock.now - fastStart < .milliseconds(6000))
            let cleared = try await sandbox.client.post("/__sandbox/latency", json: #"{"milliseconds":0}"#)
            #expect(cleared.text == #"{"milliseconds":0}"#)
            sandbox.server.setLatency(milliseconds: 0)
        }
    }

    @Test("A fraction of requests fail at a partial rate, reproducibly for a seed")
    func partialRate() async throws {
        var counts: [Int] = []
        for _ in 0..<2 {
            try await TestSandbox.with({ $0.faults = FaultSettings(rate: 0.3, kinds: [.internalError, .unavailable]); $0.seed = 7 }) { sandbox in
                var failures = 0
                for _ in 0..<60 {
                    let status = try await sandbox.client.get("/api/v1/app/version").status
                    if status != 200 { failures += 1 }
                }
                counts.append(failures)
            }
        }
        #expect(counts[0] == counts[1])
        #expect((5...35).contains(counts[0]))
    }
}
