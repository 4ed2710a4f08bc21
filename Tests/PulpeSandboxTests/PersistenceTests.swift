import Foundation
import PulpeDomain
import PulpeSandbox
import Testing

@Suite("Storage and startup: restarts, unusable data directories, busy ports", .timeLimit(.minutes(1)))
struct PersistenceTests {
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "pulpe-sandbox-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("Data and sessions survive a restart on a file database; the demo account is seeded only once")
    func survivesRestart() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let configure: (inout SandboxConfiguration) -> Void = {
            $0.storage = .directory(directory + "/nested/data")
        }
        var saved: (SignedInUser, String)?
        try await TestSandbox.with(configure) { sandbox in
            let user = try await sandbox.signedInUser(email: "persist@example.ch")
            let budget = try await sandbox.server.seeding.createBudget(userId: user.id, month: 1, year: 2026)
            let created = try await sandbox.client.post("/api/v1/transactions", object: [
                "id": "6f1c2b0a-3d4e-4f5a-8b6c-7d8e9f0a1b2c", "budgetId": budget, "name": "Loyer", "amount": 2150, "kind": "expense",
            ], headers: user.headers)
            #expect(created.status == 201)
            saved = (user, budget)
        }
        #expect(FileManager.default.fileExists(atPath: directory + "/nested/data/sandbox.sqlite"))
        let (user, budget) = try #require(saved)
        try await TestSandbox.with(configure) { sandbox in
            // Same access token, same data.
            let list = try await sandbox.client.get("/api/v1/transactions/budget/\(budget)", headers: user.headers)
            #expect(list.status == 200)
            #expect(try list.decode(SuccessEnvelope<[Transaction]>.self).data.map(\.id) == ["6f1c2b0a-3d4e-4f5a-8b6c-7d8e9f0a1b2c"])
            let budgets = try await sandbox.client.get("/api/v1/budgets", headers: user.headers)
            #expect(budgets.data?.arrayValue?.first?["remaining"] == .number(-2150))
            let replay = try await sandbox.client.post("/api/v1/transactions", object: [
                "id": "6f1c2b0a-3d4e-4f5a-8b6c-7d8e9f0a1b2c", "budgetId": budget, "name": "Loyer", "amount": 2150, "kind": "expense",
            ], headers: user.headers)
            #expect(replay.code == "ERR_TRANSACTION_ALREADY_EXISTS")
            // A non-empty database is not seeded with the demo account.
            let demo = try await sandbox.client.post("/auth/v1/token?grant_type=password",
                                                     object: ["email": DemoAccount.email, "password": DemoAccount.password])
            #expect(demo.status == 400)
        }
    }

    @Test("A data directory that cannot be opened is a clear startup error")
    func unusableDirectory() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let blocker = directory + "/file"
        _ = FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
        var configuration = SandboxConfiguration()
        configuration.port = 0
        configuration.storage = .directory(blocker + "/data")
        configuration.seedsDemoAccount = false
        configuration.logLevel = .critical
        await #expect {
            _ = try await SandboxServer.start(configuration)
        } throws: { error in
            guard case SandboxStartError.dataDirectory(let path, _) = error else { return false }
            return path == blocker + "/data" && "\(error)".hasPrefix("cannot open data directory")
        }
    }

    @Test("A port already in use is a bind error, not a hang")
    func busyPort() async throws {
        try await TestSandbox.with { sandbox in
            var configuration = SandboxConfiguration()
            configuration.port = sandbox.server.port
            configuration.seedsDemoAccount = false
            configuration.logLevel = .critical
            await #expect {
                _ = try await SandboxServer.start(configuration)
            } throws: { error in
                guard case SandboxStartError.bind(_, let port, _) = error else { return false }
                return port == sandbox.server.port
            }
        }
    }
}
