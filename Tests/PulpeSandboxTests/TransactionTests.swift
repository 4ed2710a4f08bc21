import Foundation
import PulpeDomain
import PulpeSandbox
import Testing

@Suite("Transactions (pulpe-api.md §9)", .timeLimit(.minutes(1)))
struct TransactionTests {
    struct Fixture {
        let sandbox: TestSandbox
        let user: SignedInUser
        let budget: String
        let groceries: String
        let salary: String
    }

    static func fixture(_ sandbox: TestSandbox) async throws -> Fixture {
        let user = try await sandbox.signedInUser()
        let seed = sandbox.server.seeding
        let budget = try await seed.createBudget(userId: user.id, month: 11, year: 2026)
        let groceries = try await seed.addBudgetLine(budgetId: budget, name: "Épicerie", amount: 800, kind: .expense)
        let salary = try await seed.addBudgetLine(budgetId: budget, name: "Salaire", amount: 7000, kind: .income)
        return Fixture(sandbox: sandbox, user: user, budget: budget, groceries: groceries, salary: salary)
    }

    static func body(_ fixture: Fixture, _ overrides: [String: Any] = [:], removing: [String] = []) -> [String: Any] {
        var body: [String: Any] = ["budgetId": fixture.budget, "budgetLineId": fixture.groceries, "name": "  Migros  ",
                                   "amount": 42.35, "kind": "expense", "transactionDate": "2026-11-12T10:30:00+01:00",
                                   "checkedAt": NSNull()]
        for (key, value) in overrides { body[key] = value }
        for key in removing { body[key] = nil }
        return body
    }

    @Test("Create with a client id → 201 (name trimmed); the same id again → 409 ERR_TRANSACTION_ALREADY_EXISTS")
    func idempotentCreate() async throws {
        try await TestSandbox.with { sandbox in
            let f = try await Self.fixture(sandbox)
            let id = UUID().uuidString.lowercased()
            let new = NewTransaction(id: id, budgetId: f.budget, budgetLineId: f.groceries, name: "  Café du Marché ",
                                     amount: Decimal(string: "4.80")!, kind: .expense,
                                     transactionDate: PulpeDate.parse("2026-11-12T08:15:00+01:00"), checkedAt: sandbox.clock.now)
            let bytes = try PulpeJSON.encode(new)
            let created = try await sandbox.client.send("POST", "/api/v1/transactions", headers: f.user.headers, body: bytes)
            #expect(created.status == 201, "\(created.text)")
            let transaction = try created.decode(SuccessEnvelope<Transaction>.self).data
            #expect(transaction.id == id && transaction.name == "Café du Marché" && transaction.amount == Decimal(string: "4.8"))
            #expect(transaction.budgetLineId == f.groceries && transaction.tagIds.isEmpty && transaction.checkedAt != nil)

            let replay = try await sandbox.client.send("POST", "/api/v1/transactions", headers: f.user.headers, body: bytes)
            let error = expectEnvelope(replay, status: 409, code: "ERR_TRANSACTION_ALREADY_EXISTS", method: "POST",
                                       path: "/api/v1/transactions")
            #expect(error?.errorCode == .transactionAlreadyExists)

            let list = try await sandbox.client.get("/api/v1/transactions/budget/\(f.budget)", headers: f.user.headers)
            #expect(list.data?.arrayValue?.count == 1)
            let fetched = try await sandbox.client.get("/api/v1/transactions/\(id)", headers: f.user.headers)
            #expect(try fetched.decode(SuccessEnvelope<Transaction>.self).data == transaction)
        }
    }

    @Test("Without an id the server makes one; transactionDate defaults to now; the budget's endingBalance follows")
    func serverDefaults() async throws {
        try await TestSandbox.with { sandbox in
            let f = try await Self.fixture(sandbox)
            let result = try await sandbox.client.post("/api/v1/transactions", object: [
                "budgetId": f.budget, "name": "Bonus", "amount": 500, "kind": "income",
            ], headers: f.user.headers)
            #expect(result.status == 201)
            let transaction = try result.decode(SuccessEnvelope<Transaction>.self).data
            #expect(UUID(uuidString: transaction.id) != nil && transaction.id == transaction.id.lowercased())
            #expect(transaction.transactionDate == sandbox.clock.now && transaction.budgetLineId == nil)
            #expect(result.data?["checkedAt"] == .null && result.data?["budgetLineId"] == .null)
            let budget = try await sandbox.client.get("/api/v1/budgets/\(f.budget)", headers: f.user.headers)
            #expect(budget.data?["endingBalance"] == .number(6700)) // 7000 + 500 − 800
        }
    }

    @Test("Strict body: an unknown key → 400 ERR_ZOD_VALIDATION_FAILED with a validation object")
    func strictBody() async throws {
        try await TestSandbox.with { sandbox in
            let f = try await Self.fixture(sandbox)
            let result = try await sandbox.client.post("/api/v1/transactions", object: Self.body(f, ["category": "food"]),
                                                       headers: f.user.headers)
            let error = try #require(expectEnvelope(result, status: 400, code: "ERR_ZOD_VALIDATION_FAILED", method: "POST",
                                                    path: "/api/v1/transactions"))
            #expect(error.error == "ZodValidationException")
            #expect(result.object["message"]?["message"] == .string("Validation failed"))
            let issue = try #require(error.validationErrors.first)
            #expect(issue.code == "unrecognized_keys")
            #expect(result.object["message"]?["errors"]?.arrayValue?.first?["keys"] == .array([.string("category")]))
            #expect(error.errorCode?.isValidationFailure == true)
        }
    }

    @Test("Schema rules: types, UUIDs, offsets, kinds, tag lists, name length, positive amount", arguments: [
        (["amount": "12"] as [String: String], "amount"), (["budgetId": "nope"], "budgetId"), (["kind": "gift"], "kind"),
        (["transactionDate": "2026-11-12T10:30:00"], "transactionDate"), (["transactionDate": "2026-11-12"], "transactionDate"),
        (["checkedAt": "yesterday"], "checkedAt"), (["id": "1234"], "id"), (["budgetLineId": "x"], "budgetLineId"),
        (["checkedAt": "2026-11-12T10:30:00"], "checkedAt"), (["checkedAt": "2026-11-12T10:30:00.123"], "checkedAt"),
        (["id": "6f1c2b0a-3d4e-4f5a-8b6c-7d8e9f0a1b2"], "id"), (["kind": "Expense"], "kind"),
    ])
    func schemaRules(overrides: [String: String], field: String) async throws {
        try await TestSandbox.with { sandbox in
            let f = try await Self.fixture(sandbox)
            let result = try await sandbox.client.post("/api/v1/transactions", object: Self.body(f, overrides), headers: f.user.headers)
            let error = expectEnvelope(result, status: 400, code: "ERR_ZOD_VALIDATION_FAILED", method: "POST", path: "/api/v1/transactions")
            #expect(error?.validationErrors.map(\.pathText) == [field], "\(result.text)")
        }
    }

    @Test("More schema rules: missing members, zero amount, 101-character name, 11 or duplicate tags")
    func moreSchemaRules() async throws {
        try await TestSandbox.with { sandbox in
            let f = try await Self.fixture(sandbox)
            let tag = UUID().uuidString.lowercased()
            let cases: [([String: Any], [String], String)] = [
                (Self.body(f, removing: ["budgetId", "kind"]), [], "budgetId"),
                (Self.body(f, ["amount": 0]), [], "amount"),
                (Self.body(f, ["amount": -5]), [], "amount"),
                (Self.body(f, ["name": String(repeating: "é", count: 101)]), [], "name"),
                (Self.body(f, ["tagIds": (0..<11).map { _ in UUID().uuidString.lowercased() }]), [], "tagIds"),
                (Self.body(f, ["tagIds": [tag, tag]]), [], "tagIds"),
            ]
            for (body, _, field) in cases {
                let result = try await sandbox.client.post("/api/v1/transactions", object: body, headers: f.user.headers)
                #expect(result.code == "ERR_ZOD_VALIDATION_FAILED", "\(field): \(result.text)")
                #expect(APIErrorBody.decode(from: result.body)?.validationErrors.first?.pathText == field)
            }
            let hundred = try await sandbox.client.post("/api/v1/transactions",
                                                        object: Self.body(f, ["name": " " + String(repeating: "é", count: 100) + " "]),
                                                        headers: f.user.headers)
            #expect(hundred.status == 201)
        }
    }

    @Test("Business rules: blank name → ERR_REQUIRED_DATA_MISSING; amount > 1 000 000 → ERR_TRANSACTION_VALIDATION_FAILED")
    func businessRules() async throws {
        try await TestSandbox.with { sandbox in
            let f = try await Self.fixture(sandbox)
            for name in ["   ", ""] {
                let blank = try await sandbox.client.post("/api/v1/transactions", object: Self.body(f, ["name": name]),
                                                          headers: f.user.headers)
                expectEnvelope(blank, status: 400, code: "ERR_REQUIRED_DATA_MISSING", method: "POST", path: "/api/v1/transactions")
            }
            let huge = try await sandbox.client.post("/api/v1/transactions", object: Self.body(f, ["amount": 1_000_000.01]),
                                                     headers: f.user.headers)
            let error = expectEnvelope(huge, status: 400, code: "ERR_TRANSACTION_VALIDATION_FAILED", method: "POST",
                                       path: "/api/v1/transactions")
            #expect(error?.messageText == "Transaction validation failed: Amount cannot exceed 1000000")
            let ceiling = try await sandbox.client.post("/api/v1/transactions", object: Self.body(f, ["amount": 1_000_000]),
                                                        headers: f.user.headers)
            #expect(ceiling.status == 201)
        }
    }

    @Test("Lines: unknown → ERR_BUDGET_LINE_NOT_FOUND; other budget or other kind → ERR_TRANSACTION_VALIDATION_FAILED; unknown budget → 404")
    func lineRules() async throws {
        try await TestSandbox.with { sandbox in
            let f = try await Self.fixture(sandbox)
            let unknownLine = UUID().uuidString.lowercased()
            let missing = try await sandbox.client.post("/api/v1/transactions", object: Self.body(f, ["budgetLineId": unknownLine]),
                                                        headers: f.user.headers)
            expectEnvelope(missing, status: 404, code: "ERR_BUDGET_LINE_NOT_FOUND", method: "POST", path: "/api/v1/transactions")

            let kind = try await sandbox.client.post("/api/v1/transactions", object: Self.body(f, ["budgetLineId": f.salary]),
                                                     headers: f.user.headers)
            #expect(kind.code == "ERR_TRANSACTION_VALIDATION_FAILED")

            let otherBudget = try await sandbox.server.seeding.createBudget(userId: f.user.id, month: 12, year: 2026)
            let elsewhere = try await sandbox.client.post("/api/v1/transactions", object: Self.body(f, ["budgetId": otherBudget]),
                                                          headers: f.user.headers)
            #expect(elsewhere.code == "ERR_TRANSACTION_VALIDATION_FAILED")

            let noBudget = try await sandbox.client.post("/api/v1/transactions",
                                                         object: Self.body(f, ["budgetId": UUID().uuidString.lowercased()], removing: ["budgetLineId"]),
                                                         headers: f.user.headers)
            // A deleted or unknown budget fails the insert: 500, as the real server (contract §9), not 404.
            expectEnvelope(noBudget, status: 500, code: "ERR_TRANSACTION_CREATE_FAILED", method: "POST", path: "/api/v1/transactions")
        }
    }

    @Test("List newest first, strict patch, toggle-check (201, flips), delete (again: 200), then 404 ERR_TRANSACTION_NOT_FOUND")
    func lifecycle() async throws {
        try await TestSandbox.with { sandbox in
            let f = try await Self.fixture(sandbox)
            var ids: [String] = []
            for day in ["03", "20", "11"] {
                let result = try await sandbox.client.post("/api/v1/transactions", object: Self.body(f, [
                    "transactionDate": "2026-11-\(day)T12:00:00Z", "name": "Courses \(day)",
                ]), headers: f.user.headers)
                ids.append(try #require(result.data?["id"]?.stringValue))
            }
            let list = try await sandbox.client.get("/api/v1/transactions/budget/\(f.budget)", headers: f.user.headers)
            #expect(try list.decode(SuccessEnvelope<[Transaction]>.self).data.map(\.name) == ["Courses 20", "Courses 11", "Courses 03"])
            let details = try await sandbox.client.get("/api/v1/budgets/\(f.budget)/details", headers: f.user.headers)
            #expect(try details.decode(SuccessEnvelope<BudgetDetails>.self).data.transactions.map(\.name)
                == ["Courses 20", "Courses 11", "Courses 03"])

            let patched = try await sandbox.client.patch("/api/v1/transactions/\(ids[0])", object: [
                "name": " Coop ", "amount": 10.05,
            ], headers: f.user.headers)
            #expect(patched.status == 200)
            let updated = try patched.decode(SuccessEnvelope<Transaction>.self).data
            #expect(updated.name == "Coop" && updated.amount == Decimal(string: "10.05"))
            // Refused like the backend's transactionUpdateSchema (docs/contract.md §14.1).
            for refused: [String: Any] in [["budgetId": f.budget], ["budgetLineId": NSNull()], ["checkedAt": NSNull()],
                                           ["id": ids[0]]] {
                let strict = try await sandbox.client.patch("/api/v1/transactions/\(ids[0])", object: refused,
                                                            headers: f.user.headers)
                #expect(strict.code == "ERR_ZOD_VALIDATION_FAILED", "\(refused)")
            }
            let blank = try await sandbox.client.patch("/api/v1/transactions/\(ids[0])", object: ["name": " "], headers: f.user.headers)
            #expect(blank.code == "ERR_REQUIRED_DATA_MISSING")

            let toggled = try await sandbox.client.send("POST", "/api/v1/transactions/\(ids[1])/toggle-check", headers: f.user.headers)
            #expect(toggled.status == 201)
            #expect(try toggled.decode(SuccessEnvelope<Transaction>.self).data.checkedAt == sandbox.clock.now)
            let untoggled = try await sandbox.client.send("POST", "/api/v1/transactions/\(ids[1])/toggle-check", headers: f.user.headers)
            #expect(untoggled.data?["checkedAt"] == .null)

            let deleted = try await sandbox.client.delete("/api/v1/transactions/\(ids[2])", headers: f.user.headers)
            #expect(deleted.status == 200)
            #expect(try deleted.decode(MessageEnvelope.self) == MessageEnvelope(message: "Transaction deleted successfully"))
            // Deleting it again is done: 200, as the backend answers for a row already gone (§14.1).
            let again = try await sandbox.client.delete("/api/v1/transactions/\(ids[2])", headers: f.user.headers)
            #expect(again.status == 200)
            for (method, path) in [("GET", "/api/v1/transactions/\(ids[2])"),
                                   ("PATCH", "/api/v1/transactions/\(ids[2])"), ("POST", "/api/v1/transactions/\(ids[2])/toggle-check")] {
                let result = try await sandbox.client.send(method, path, headers: f.user.headers,
                                                           body: method == "PATCH" ? Data(#"{"name":"x"}"#.utf8) : nil)
                expectEnvelope(result, status: 404, code: "ERR_TRANSACTION_NOT_FOUND", method: method, path: path)
            }
            // Another user cannot see or touch them.
            let stranger = try await sandbox.signedInUser()
            let foreign = try await sandbox.client.get("/api/v1/transactions/\(ids[0])", headers: stranger.headers)
            #expect(foreign.code == "ERR_TRANSACTION_NOT_FOUND")
        }
    }

    @Test("Concurrent creates on one budget are all stored and the stored result stays exact")
    func concurrentCreates() async throws {
        try await TestSandbox.with { sandbox in
            let f = try await Self.fixture(sandbox)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        try await sandbox.client.post("/api/v1/transactions", object: [
                            "budgetId": f.budget, "name": "Achat \(index)", "amount": 25.25, "kind": "expense",
                        ], headers: f.user.headers).status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == 201 })
            let list = try await sandbox.client.get("/api/v1/transactions/budget/\(f.budget)", headers: f.user.headers)
            #expect(list.data?.arrayValue?.count == 40)
            let budget = try await sandbox.client.get("/api/v1/budgets/\(f.budget)", headers: f.user.headers)
            #expect(budget.data?["endingBalance"] == .number(7000 - 800 - 1010)) // 40 × 25.25 free expenses
        }
    }
}
