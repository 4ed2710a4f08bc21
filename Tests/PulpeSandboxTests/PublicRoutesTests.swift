import Foundation
import PulpeDomain
import PulpeSandbox
import Testing

@Suite("Public routes, envelopes, request ids", .timeLimit(.minutes(1)))
struct PublicRoutesTests {
    @Test("GET /health, GET /, maintenance status and app version answer their documented bodies")
    func publicBodies() async throws {
        try await TestSandbox.with { sandbox in
            let health = try await sandbox.client.get("/health")
            #expect(health.status == 200)
            #expect(health.text == #"{"status":"healthy"}"#)
            #expect(health.header("Content-Type")?.hasPrefix("application/json") == true)

            let root = try await sandbox.client.get("/")
            #expect(root.object == ["message": .string("Pulpe Budget API"), "status": .string("running")])

            let status = try await sandbox.client.get("/api/v1/maintenance/status")
            #expect(status.text == #"{"maintenanceMode":false,"message":null}"#)

            let version = try await sandbox.client.get("/api/v1/app/version")
            #expect(version.status == 200)
            #expect(version.object["success"] == .bool(true))
            #expect(version.data?["web"]?["minVersion"]?.stringValue != nil)
            #expect(version.data?["web"]?["latestVersion"]?.stringValue != nil)
            #expect(version.data?["ios"]?.objectValue != nil)
        }
    }

    @Test("An unknown route answers 404 HTTP_404 with the full error envelope")
    func unknownRoute() async throws {
        try await TestSandbox.with { sandbox in
            let result = try await sandbox.client.get("/api/v1/nope?x=1")
            let body = expectEnvelope(result, status: 404, code: "HTTP_404", method: "GET", path: "/api/v1/nope?x=1")
            #expect(body?.errorCode == .http(404))
            #expect(body?.messageText == "Cannot GET /api/v1/nope")

            let post = try await sandbox.client.post("/somewhere/else", json: "{}")
            expectEnvelope(post, status: 404, code: "HTTP_404", method: "POST", path: "/somewhere/else")
        }
    }

    @Test("X-Request-Id: a lowercase v4 UUID is echoed, anything else is replaced by a fresh one")
    func requestIds() async throws {
        try await TestSandbox.with { sandbox in
            let valid = "3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b"
            let echoed = try await sandbox.client.get("/health", headers: ["X-Request-Id": valid])
            #expect(echoed.header("X-Request-Id") == valid)

            for invalid in [valid.uppercased(), "not-a-uuid", "3f2b8c1e-9d4a-1e6f-8a7b-1c2d3e4f5a6b"] {
                let replaced = try await sandbox.client.get("/api/v1/nope", headers: ["X-Request-Id": invalid])
                let generated = try #require(replaced.header("X-Request-Id"))
                #expect(generated != invalid)
                #expect(generated == generated.lowercased() && UUID(uuidString: generated) != nil)
                #expect(replaced.object["context"]?["requestId"]?.stringValue == generated)
            }
            let error = try await sandbox.client.get("/api/v1/nope", headers: ["X-Request-Id": valid])
            #expect(error.object["context"]?["requestId"]?.stringValue == valid)
        }
    }

    @Test("A malformed UUID in a path is 400 HTTP_400 before any lookup")
    func badUUID() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            for path in ["/api/v1/budgets/123", "/api/v1/budgets/123/details", "/api/v1/transactions/abc",
                         "/api/v1/budget-lines/budget/xyz", "/api/v1/transactions/budget/nope"] {
                let result = try await sandbox.client.get(path, headers: user.headers)
                let body = expectEnvelope(result, status: 400, code: "HTTP_400", method: "GET", path: path)
                #expect(body?.messageText == "Validation failed (uuid is expected)")
            }
        }
    }

    @Test("Bodies above 64 KiB are refused with 413 and the envelope; malformed JSON is HTTP_400")
    func bodyLimits() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let big = #"{"name":""# + String(repeating: "x", count: 70_000) + #""}"#
            let tooLarge = try await sandbox.client.post("/api/v1/transactions", json: big, headers: user.headers)
            expectEnvelope(tooLarge, status: 413, code: "HTTP_413", method: "POST", path: "/api/v1/transactions")

            let malformed = try await sandbox.client.post("/api/v1/transactions", json: "{nope", headers: user.headers)
            expectEnvelope(malformed, status: 400, code: "HTTP_400", method: "POST", path: "/api/v1/transactions")

            let notObject = try await sandbox.client.post("/api/v1/transactions", json: "[1,2]", headers: user.headers)
            expectEnvelope(notObject, status: 400, code: "ERR_ZOD_VALIDATION_FAILED", method: "POST",
                           path: "/api/v1/transactions")
        }
    }
}
