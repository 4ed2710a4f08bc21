import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PulpeDomain
import Testing

/// The real `pulpe-server` killed and restarted on the same `--data-dir`: every transaction that
/// got its 201 is still there, exactly once (WAL, `synchronous = FULL`, a commit before the answer).
@Suite("pulpe-server restarts on the same data directory", .timeLimit(.minutes(2)))
struct ServerRestartTests {
    static let demoKey = String(repeating: "0123456789abcdef", count: 4)

    struct Running {
        let launched: ServerBinaryTests.Launched
        let client: HTTPClient

        var pid: Int32 { launched.process.processIdentifier }

        /// Last resort for a failed test: never leave a server behind.
        func kill() {
            if launched.process.isRunning { Foundation.kill(pid, SIGKILL) }
        }
    }

    static func start(dataDirectory: String) async throws -> Running {
        let launched = try ServerBinaryTests.launch(["--port", "0", "--data-dir", dataDirectory, "--log-level", "error"])
        let line = try await ServerBinaryTests.firstLine(of: launched.stdout)
        let prefix = "listening on "
        guard line.hasPrefix(prefix), let origin = URL(string: String(line.dropFirst(prefix.count))) else {
            if launched.process.isRunning { kill(launched.process.processIdentifier, SIGKILL) }
            throw RestartTestError.noListeningLine(line)
        }
        return Running(launched: launched, client: HTTPClient(origin: origin))
    }

    enum RestartTestError: Error {
        case noListeningLine(String)
    }

    static func expense(id: String, budget: String, amount: String) -> Data {
        Data(#"{"id":"\#(id)","budgetId":"\#(budget)","budgetLineId":null,"name":"Kiosque","amount":\#(amount),"kind":"expense","checkedAt":null}"#.utf8)
    }

    @Test("SIGKILL right after the 201s, then SIGTERM: after each restart every transaction is there once")
    func killAndRestart() async throws {
        let directory = NSTemporaryDirectory() + "pulpe-server-restart-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }

        var server = try await Self.start(dataDirectory: directory)
        defer { server.kill() }
        let demo = try await server.client.post("/api/v1/demo/session", json: #"{"turnstileToken":""}"#)
        try #require(demo.status == 201, "\(demo.text)")
        let session = try #require(demo.data?["session"])
        let token = try #require(session["access_token"]?.stringValue)
        let email = try #require(session["user"]?["email"]?.stringValue)
        let headers = ["Authorization": "Bearer \(token)", "X-Client-Key": Self.demoKey]
        let budgets = try await server.client.get("/api/v1/budgets", headers: headers)
        let budget = try #require(budgets.data?.arrayValue?.first?["id"]?.stringValue, "\(budgets.text)")

        var expected: [String: Decimal] = [:]
        for index in 0..<20 {
            let id = UUID().uuidString.lowercased()
            let amount = "\(index + 1).05"
            let created = try await server.client.send("POST", "/api/v1/transactions", headers: headers,
                                                       body: Self.expense(id: id, budget: budget, amount: amount))
            try #require(created.status == 201, "\(created.text)")
            expected[id] = Decimal(string: amount)
        }
        kill(server.pid, SIGKILL) // no chance to flush or close anything
        #expect(await ServerBinaryTests.waitForExit(server.launched.process))
        #expect(server.launched.process.terminationReason == .uncaughtSignal)

        server = try await Self.start(dataDirectory: directory)
        try await Self.expectHeld(expected, email: email, client: server.client)
        let first = try #require(expected.keys.sorted().first)
        let fetched = try await server.client.get("/api/v1/transactions/\(first)", headers: headers) // same token
        #expect(fetched.data?["amount"] == expected[first].map(JSONValue.number), "\(fetched.text)")
        let replay = try await server.client.send("POST", "/api/v1/transactions", headers: headers,
                                                  body: Self.expense(id: first, budget: budget, amount: "1.05"))
        #expect(replay.code == "ERR_TRANSACTION_ALREADY_EXISTS")

        let last = UUID().uuidString.lowercased()
        let created = try await server.client.send("POST", "/api/v1/transactions", headers: headers,
                                                   body: Self.expense(id: last, budget: budget, amount: "99.95"))
        #expect(created.status == 201)
        expected[last] = Decimal(string: "99.95")
        server.launched.process.terminate() // SIGTERM: a clean stop, exit 0
        #expect(await ServerBinaryTests.waitForExit(server.launched.process))
        #expect(server.launched.process.terminationStatus == 0)

        server = try await Self.start(dataDirectory: directory)
        try await Self.expectHeld(expected, email: email, client: server.client)
        server.launched.process.terminate()
        #expect(await ServerBinaryTests.waitForExit(server.launched.process))
    }

    /// Each expected id is held exactly once with its exact amount (the demo data holds many more).
    static func expectHeld(_ expected: [String: Decimal], email: String, client: HTTPClient,
                           sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let held = try await client.heldTransactions(email: email).filter { expected[$0.id] != nil }
        #expect(held.count == expected.count, sourceLocation: sourceLocation)
        #expect(Set(held.map(\.id)) == Set(expected.keys), sourceLocation: sourceLocation)
        for row in held {
            #expect(row.amount == expected[row.id], "\(row.id)", sourceLocation: sourceLocation)
        }
    }
}
