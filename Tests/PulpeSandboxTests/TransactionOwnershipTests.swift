import Foundation
import PulpeDomain
import PulpeSandbox
import Testing

/// `POST /transactions` with client-chosen ids across users and concurrent replays (`docs/contract.md`
/// §9): an id is taken once, server-wide, and never reveals or overwrites another user's row.
@Suite("Transactions: client ids, ownership, exact amounts", .timeLimit(.minutes(1)))
struct TransactionOwnershipTests {
    @Test("Another user's id → 409 without overwriting or revealing it; their budget → 404; their line → 404; their row: GET 404, PATCH 404, DELETE 200 and kept")
    func otherUsers() async throws {
        try await TestSandbox.with { sandbox in
            let owner = try await TransactionTests.fixture(sandbox)
            let intruder = try await TransactionTests.fixture(sandbox)
            let id = UUID().uuidString.lowercased()
            let created = try await sandbox.client.post("/api/v1/transactions", object: TransactionTests.body(owner, ["id": id]),
                                                        headers: owner.user.headers)
            #expect(created.status == 201)

            let clash = try await sandbox.client.post("/api/v1/transactions", object: TransactionTests.body(intruder, [
                "id": id.uppercased(), "name": "Overwrite", "amount": 1,
            ]), headers: intruder.user.headers)
            expectEnvelope(clash, status: 409, code: "ERR_TRANSACTION_ALREADY_EXISTS", method: "POST", path: "/api/v1/transactions")
            #expect(!clash.text.contains("Migros") && !clash.text.contains(owner.budget), "\(clash.text)")
            let kept = try await sandbox.client.heldTransactions(email: owner.user.email)
            #expect(kept.map(\.name) == ["Migros"] && kept.first?.amount == Decimal(string: "42.35"))
            #expect(try await sandbox.client.heldTransactions(email: intruder.user.email).isEmpty)

            let foreignBudget = try await sandbox.client.post("/api/v1/transactions",
                                                              object: TransactionTests.body(owner, removing: ["budgetLineId"]),
                                                              headers: intruder.user.headers)
            // Row security refuses the insert: 500, as the real server (contract §9), not 404.
            expectEnvelope(foreignBudget, status: 500, code: "ERR_TRANSACTION_CREATE_FAILED", method: "POST", path: "/api/v1/transactions")
            let foreignLine = try await sandbox.client.post("/api/v1/transactions",
                                                            object: TransactionTests.body(intruder, ["budgetLineId": owner.groceries]),
                                                            headers: intruder.user.headers)
            expectEnvelope(foreignLine, status: 404, code: "ERR_BUDGET_LINE_NOT_FOUND", method: "POST", path: "/api/v1/transactions")

            // Row security: another user's row is not there for a read either (the client reads a
            // 409's id back to tell its own earlier send from another account's row).
            let read = try await sandbox.client.send("GET", "/api/v1/transactions/\(id)", headers: intruder.user.headers)
            expectEnvelope(read, status: 404, code: "ERR_TRANSACTION_NOT_FOUND", method: "GET", path: "/api/v1/transactions/\(id)")
            #expect(!read.text.contains("Migros"), "\(read.text)")
            let patched = try await sandbox.client.send("PATCH", "/api/v1/transactions/\(id)", headers: intruder.user.headers,
                                                        body: Data(#"{"name":"x"}"#.utf8))
            expectEnvelope(patched, status: 404, code: "ERR_TRANSACTION_NOT_FOUND", method: "PATCH", path: "/api/v1/transactions/\(id)")
            // A delete answers 200 for a row it cannot see, as for one already gone (docs/contract.md §14.1):
            // nothing is deleted, nothing is revealed.
            let deleted = try await sandbox.client.send("DELETE", "/api/v1/transactions/\(id)", headers: intruder.user.headers)
            #expect(deleted.status == 200)
            #expect(try await sandbox.client.heldTransactions(email: owner.user.email).map(\.name) == ["Migros"])
        }
    }

    @Test("The same id sent 12 times at once: one 201, eleven 409, one row")
    func concurrentReplays() async throws {
        try await TestSandbox.with { sandbox in
            let f = try await TransactionTests.fixture(sandbox)
            let body = try JSONSerialization.data(withJSONObject: TransactionTests.body(f, ["id": UUID().uuidString.lowercased()]))
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<12 {
                    group.addTask {
                        try await HTTPClient(origin: sandbox.server.origin)
                            .send("POST", "/api/v1/transactions", headers: f.user.headers, body: body).status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.sorted() == [201] + Array(repeating: 409, count: 11))
            #expect(try await sandbox.client.heldTransactions(email: f.user.email).count == 1)
        }
    }

    @Test("A refused POST does not use up its id: after a wrong key or a bad body the same id still creates")
    func refusalsKeepTheId() async throws {
        try await TestSandbox.with { sandbox in
            let f = try await TransactionTests.fixture(sandbox)
            let id = UUID().uuidString.lowercased()
            let wrongKey = try await sandbox.client.post("/api/v1/transactions", object: TransactionTests.body(f, ["id": id]),
                                                         headers: f.user.wrongKeyHeaders)
            #expect(wrongKey.code == "ERR_ENCRYPTION_KEY_CHECK_FAILED")
            let tooBig = try await sandbox.client.post("/api/v1/transactions",
                                                       object: TransactionTests.body(f, ["id": id, "amount": 1_000_001]),
                                                       headers: f.user.headers)
            #expect(tooBig.code == "ERR_TRANSACTION_VALIDATION_FAILED")
            let created = try await sandbox.client.post("/api/v1/transactions", object: TransactionTests.body(f, ["id": id]),
                                                        headers: f.user.headers)
            #expect(created.status == 201 && created.data?["id"] == .string(id))
        }
    }

    @Test("Amounts are exact JSON numbers in and out (no binary floating point)", arguments: [
        "0.1", "0.3", "4.8", "19.99", "1234.56", "999999.99", "1000000", "0.01",
    ])
    func exactAmounts(amount: String) async throws {
        try await TestSandbox.with { sandbox in
            let f = try await TransactionTests.fixture(sandbox)
            let body = #"{"budgetId":"\#(f.budget)","name":"Test","amount":\#(amount),"kind":"expense"}"#
            let created = try await sandbox.client.post("/api/v1/transactions", json: body, headers: f.user.headers)
            #expect(created.status == 201)
            #expect(created.text.contains(#""amount":\#(amount),"#), "\(created.text)")
            #expect(created.data?["amount"] == .number(Decimal(string: amount)!))
            let held = try await sandbox.client.heldTransactions(email: f.user.email)
            #expect(held.first?.amount == Decimal(string: amount))
        }
    }
}
