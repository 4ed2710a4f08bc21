import Foundation
import PulpeDomain
import PulpeSandbox
import Testing

@Suite("Maintenance mode (pulpe-api.md §4)", .timeLimit(.minutes(1)))
struct MaintenanceTests {
    static let exactBody = "{\"statusCode\":503,\"code\":\"MAINTENANCE\",\"message\":\"Application en maintenance \u{2014} réessaie plus tard\"}"

    @Test("MAINTENANCE_MODE: only the exact string `true` turns it on")
    func environmentRule() {
        #expect(SandboxConfiguration.maintenanceRequested(environment: ["MAINTENANCE_MODE": "true"]))
        for value in ["TRUE", "True", "1", "yes", "false", "", " true"] {
            #expect(!SandboxConfiguration.maintenanceRequested(environment: ["MAINTENANCE_MODE": value]))
        }
        #expect(!SandboxConfiguration.maintenanceRequested(environment: [:]))
    }

    @Test("While on, every request gets the exact 503 body — data routes, writes, unknown paths")
    func exactBody() async throws {
        try await TestSandbox.with({ $0.maintenance = true }) { sandbox in
            let user = try await sandbox.signedInUser() // the auth server is not behind the backend's maintenance
            let requests: [(String, String)] = [("GET", "/api/v1/budgets"), ("POST", "/api/v1/transactions"),
                                                ("GET", "/api/v1/nope"), ("GET", "/nothing/here"), ("HEAD", "/health"),
                                                ("POST", "/api/v1/maintenance/status"), ("DELETE", "/")]
            for (method, path) in requests {
                let result = try await sandbox.client.send(method, path, headers: user.headers,
                                                           body: method == "POST" ? Data("{}".utf8) : nil)
                #expect(result.status == 503, "\(method) \(path)")
                if method != "HEAD" {
                    #expect(result.body == Data(Self.exactBody.utf8), "\(method) \(path): \(result.text)")
                    #expect(result.body == Data(MiddlewareErrorBody.maintenance.jsonText.utf8))
                    #expect(APIErrorBody.isMaintenance(status: result.status, body: result.body))
                }
            }
        }
    }

    @Test("Exempt: GET /health, GET /, GET /api/v1/maintenance/status, GET /api/v1/app/version")
    func exemptions() async throws {
        try await TestSandbox.with({ $0.maintenance = true }) { sandbox in
            #expect(try await sandbox.client.get("/health").status == 200)
            #expect(try await sandbox.client.get("/").status == 200)
            #expect(try await sandbox.client.get("/api/v1/app/version").status == 200)
            let status = try await sandbox.client.get("/api/v1/maintenance/status")
            #expect(status.status == 200)
            #expect(status.text == "{\"maintenanceMode\":true,\"message\":\"Application en maintenance \u{2014} réessaie plus tard\"}")
        }
    }

    @Test("Admin routes switch maintenance at run time; the library API does too")
    func runtimeSwitch() async throws {
        try await TestSandbox.with { sandbox in
            #expect(try await sandbox.client.get("/api/v1/budgets").status == 401)
            let on = try await sandbox.client.post("/__sandbox/maintenance", json: #"{"enabled":true}"#)
            #expect(on.status == 200)
            #expect(on.text == #"{"enabled":true}"#)
            #expect(sandbox.server.isInMaintenance)
            #expect(try await sandbox.client.get("/api/v1/budgets").status == 503)
            #expect(try await sandbox.client.get("/__sandbox/maintenance").text == #"{"enabled":true}"#)

            let bad = try await sandbox.client.post("/__sandbox/maintenance", json: #"{"enabled":"yes"}"#)
            #expect(bad.status == 400)

            sandbox.server.setMaintenance(false)
            #expect(try await sandbox.client.get("/api/v1/budgets").status == 401)
            let state = try await sandbox.client.get("/__sandbox")
            #expect(state.object["maintenance"] == .bool(false))
        }
    }
}
