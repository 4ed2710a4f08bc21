import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PulpeDomain
import PulpeSandbox
import Testing

/// The faults a client outbox is tested against: `created-500` and `created-drop` write the
/// transaction and then spoil the answer, `slow` holds it back; none may ever store a row twice.
@Suite("Write faults for outbox tests", .timeLimit(.minutes(2)))
struct WriteFaultTests {
    static func fixture(_ sandbox: TestSandbox) async throws -> (SignedInUser, String) {
        let user = try await sandbox.signedInUser()
        let budget = try await sandbox.server.seeding.createBudget(userId: user.id, month: 11, year: 2026)
        return (user, budget)
    }

    static func expense(id: String, budget: String, amount: String = "12.35") -> Data {
        Data(#"{"id":"\#(id)","budgetId":"\#(budget)","budgetLineId":null,"name":"Migros","amount":\#(amount),"kind":"expense","checkedAt":null}"#.utf8)
    }

    static func newId() -> String { UUID().uuidString.lowercased() }

    @Test("created-500: the row is written, the answer is 500 ERR_TRANSACTION_CREATE_FAILED; the replay gets 409")
    func createdThenFailed() async throws {
        try await TestSandbox.with({ $0.faults = FaultSettings(rate: 1, kinds: [.createdThenFailed]) }) { sandbox in
            let (user, budget) = try await Self.fixture(sandbox)
            // Reads are not POST /transactions: the kind does not apply to them.
            #expect(try await sandbox.client.get("/api/v1/budgets", headers: user.headers).status == 200)

            let id = Self.newId()
            let first = try await sandbox.client.send("POST", "/api/v1/transactions", headers: user.headers,
                                                      body: Self.expense(id: id, budget: budget))
            let error = expectEnvelope(first, status: 500, code: "ERR_TRANSACTION_CREATE_FAILED", method: "POST",
                                       path: "/api/v1/transactions")
            #expect(error?.errorCode == .transactionCreateFailed)
            #expect(try await sandbox.client.heldTransactions(email: user.email).map(\.id) == [id])

            let replay = try await sandbox.client.send("POST", "/api/v1/transactions", headers: user.headers,
                                                       body: Self.expense(id: id, budget: budget))
            expectEnvelope(replay, status: 409, code: "ERR_TRANSACTION_ALREADY_EXISTS", method: "POST",
                           path: "/api/v1/transactions")
            // A refused body is not turned into a 500: nothing was created.
            let refused = try await sandbox.client.send("POST", "/api/v1/transactions", headers: user.headers,
                                                        body: Self.expense(id: Self.newId(), budget: budget, amount: "0"))
            #expect(refused.code == "ERR_ZOD_VALIDATION_FAILED")
            let held = try await sandbox.client.heldTransactions(email: user.email)
            #expect(held.map(\.id) == [id] && held.first?.amount == Decimal(string: "12.35"))
        }
    }

    @Test("created-drop: the row is written, the connection closes unanswered; the replay gets 409")
    func createdThenDropped() async throws {
        try await TestSandbox.with({ $0.faults = FaultSettings(rate: 1, kinds: [.createdThenDropped]) }) { sandbox in
            let (user, budget) = try await Self.fixture(sandbox)
            let id = Self.newId()
            // A fresh client: a brand-new connection, so nothing underneath retries the POST by itself.
            let fresh = HTTPClient(origin: sandbox.server.origin)
            await #expect(throws: URLError.self) {
                _ = try await fresh.send("POST", "/api/v1/transactions", headers: user.headers,
                                         body: Self.expense(id: id, budget: budget))
            }
            #expect(try await sandbox.client.heldTransactions(email: user.email).map(\.id) == [id])
            let replay = try await HTTPClient(origin: sandbox.server.origin)
                .send("POST", "/api/v1/transactions", headers: user.headers, body: Self.expense(id: id, budget: budget))
            #expect(replay.status == 409 && replay.code == "ERR_TRANSACTION_ALREADY_EXISTS", "\(replay.text)")
            #expect(try await sandbox.client.heldTransactions(email: user.email).count == 1)
        }
    }

    @Test("slow: answers (successes and errors) come 0.5–3 s late")
    func slow() async throws {
        try await TestSandbox.with({ $0.faults = FaultSettings(rate: 1, kinds: [.slow]) }) { sandbox in
            let (user, budget) = try await Self.fixture(sandbox)
            var delays: [Duration] = []
            for index in 0..<3 {
                let start = ContinuousClock.now
                let result: HTTPResult
                if index == 2 {
                    result = try await sandbox.client.get("/api/v1/transactions/\(Self.newId())", headers: user.headers)
                    #expect(result.code == "ERR_TRANSACTION_NOT_FOUND")
                } else {
                    result = try await sandbox.client.send("POST", "/api/v1/transactions", headers: user.headers,
                                                           body: Self.expense(id: Self.newId(), budget: budget))
                    #expect(result.status == 201)
                }
                delays.append(ContinuousClock.now - start)
            }
            // The floor proves the hold; the ceiling only catches a runaway (the suite runs loaded).
            #expect(delays.allSatisfy { $0 >= .milliseconds(500) && $0 < .seconds(20) }, "\(delays)")
            // Not /api/v1 (health) and admin routes are never slowed: the quickest of a few tries
            // stays under the 500 ms floor even on a machine the whole suite loads.
            var quickest = Duration.seconds(60)
            for _ in 0..<3 {
                let health = ContinuousClock.now
                _ = try await sandbox.client.get("/health")
                _ = try await sandbox.client.heldTransactions(email: user.email)
                quickest = min(quickest, ContinuousClock.now - health)
            }
            #expect(quickest < .milliseconds(500), "\(quickest)")
        }
    }

    @Test("Every kind at once, many senders, replays until 201 or 409: each expense is stored exactly once")
    func chaosKeepsEachExpenseOnce() async throws {
        try await TestSandbox.with({
            $0.faults = FaultSettings(rate: 0.5, kinds: FaultKind.allCases)
            $0.seed = 99
        }) { sandbox in
            let (user, budget) = try await Self.fixture(sandbox)
            let expenses = (0..<30).map { index in (Self.newId(), "\(index + 1).\(String(format: "%02d", index * 7 % 100))") }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (id, amount) in expenses {
                    group.addTask {
                        // Two concurrent senders per expense, like a client replaying while its first try hangs.
                        async let first = Self.sendUntilDone(sandbox, user: user, body: Self.expense(id: id, budget: budget, amount: amount))
                        async let second = Self.sendUntilDone(sandbox, user: user, body: Self.expense(id: id, budget: budget, amount: amount))
                        let outcomes = try await [first, second]
                        #expect(outcomes.filter { $0 == 201 }.count <= 1, "\(id): \(outcomes)")
                    }
                }
                try await group.waitForAll()
            }
            let held = try await sandbox.client.heldTransactions(email: user.email)
            #expect(held.count == expenses.count)
            #expect(Set(held.map(\.id)) == Set(expenses.map(\.0)))
            let amounts = Dictionary(uniqueKeysWithValues: held.map { ($0.id, $0.amount) })
            for (id, amount) in expenses { #expect(amounts[id] == Decimal(string: amount), "\(id)") }
        }
    }

    /// Posts until the server says created (201) or already there (409), like the outbox does;
    /// every other outcome (500, 503, a closed connection, `ERR_TRANSACTION_CREATE_FAILED`) is retried.
    static func sendUntilDone(_ sandbox: TestSandbox, user: SignedInUser, body: Data) async throws -> Int {
        let client = HTTPClient(origin: sandbox.server.origin)
        for _ in 0..<60 {
            if let result = try? await client.send("POST", "/api/v1/transactions", headers: user.headers, body: body),
               result.status == 201 || result.status == 409 {
                return result.status
            }
        }
        Issue.record("no 201 or 409 after 60 tries")
        return 0
    }

    @Test("Kinds: the new ones parse, the default list stays 500,503,drop, the admin route takes them")
    func kinds() async throws {
        #expect(FaultKind.parseList("created-500, created-drop,SLOW") == [.createdThenFailed, .createdThenDropped, .slow])
        #expect(FaultSettings(rate: 1).kinds == [.internalError, .unavailable, .drop])
        #expect(FaultSettings.none.kinds == FaultKind.defaultKinds)
        try await TestSandbox.with { sandbox in
            let set = try await sandbox.client.post("/__sandbox/faults",
                                                    json: #"{"rate":0.25,"kinds":["created-500","created-drop","slow"]}"#)
            #expect(set.object["kinds"] == .array(["created-500", "created-drop", "slow"].map(JSONValue.string)), "\(set.text)")
            #expect(set.object["rate"] == .number(Decimal(string: "0.25")!))
            let defaults = try await sandbox.client.post("/__sandbox/faults", json: #"{"rate":0}"#)
            #expect(defaults.object["kinds"] == .array(["500", "503", "drop"].map(JSONValue.string)), "\(defaults.text)")
            #expect(try await sandbox.client.post("/__sandbox/faults", json: #"{"rate":1,"kinds":["created-404"]}"#).status == 400)
        }
    }

    @Test("Admin listing: every member, null or timestamp checkedAt; 400 without email, 404 for an unknown one")
    func adminListing() async throws {
        try await TestSandbox.with { sandbox in
            let (user, budget) = try await Self.fixture(sandbox)
            let id = Self.newId()
            let body = #"{"id":"\#(id)","budgetId":"\#(budget)","name":" Coop ","amount":7.2,"kind":"saving","transactionDate":"2026-11-02T09:00:00+01:00","checkedAt":"2026-11-02T10:00:00Z"}"#
            #expect(try await sandbox.client.post("/api/v1/transactions", json: body, headers: user.headers).status == 201)
            let held = try await sandbox.client.heldTransactions(email: user.email.uppercased())
            #expect(held == [HeldTransaction(id: id, budgetId: budget, name: "Coop", amount: Decimal(string: "7.2")!, kind: "saving",
                                             transactionDate: "2026-11-02T08:00:00.000000+00:00",
                                             checkedAt: "2026-11-02T10:00:00.000000+00:00")])
            #expect(try await sandbox.client.get("/__sandbox/transactions").code == "HTTP_400")
            #expect(try await sandbox.client.get("/__sandbox/transactions?email=nobody%40example.ch").code == "HTTP_404")
        }
    }

    @Test("A list of only created-* kinds leaves every other request alone")
    func createdKindsOnlyTouchCreates() async throws {
        try await TestSandbox.with({ $0.faults = FaultSettings(rate: 1, kinds: [.createdThenFailed, .createdThenDropped]) }) { sandbox in
            let (user, budget) = try await Self.fixture(sandbox)
            for path in ["/api/v1/budgets", "/api/v1/budgets/\(budget)/details", "/api/v1/users/settings"] {
                #expect(try await sandbox.client.get(path, headers: user.headers).status == 200, "\(path)")
            }
            let id = Self.newId()
            _ = try? await HTTPClient(origin: sandbox.server.origin)
                .send("POST", "/api/v1/transactions", headers: user.headers, body: Self.expense(id: id, budget: budget))
            let patched = try await sandbox.client.patch("/api/v1/transactions/\(id)", object: ["name": "Coop"], headers: user.headers)
            #expect(patched.status == 200)
            #expect(try await sandbox.client.delete("/api/v1/transactions/\(id)", headers: user.headers).status == 200)
        }
    }
}
