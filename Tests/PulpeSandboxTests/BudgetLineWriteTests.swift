import Foundation
import PulpeDomain
import PulpeSandbox
import Testing

/// Budget-line writes with the backend's rules (docs/contract.md §14.3): client ids and 409s, the
/// strict patch that writes `isManuallyAdjusted: false` when left out, a delete that leaves the
/// transactions free and answers 200 again, a toggle that flips the line only, check-transactions
/// that never unchecks and answers `[]` on a replay, and reset-from-template.
@Suite("Budget-line writes (§14.3)", .timeLimit(.minutes(1)))
struct BudgetLineWriteTests {
    @Test("Create with a client id (409 on a replay), get, strict patch, delete twice, transactions left free")
    func createPatchDelete() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let budget = try await sandbox.server.seeding.createBudget(userId: user.id, month: 11, year: 2026)
            let id = UUID().uuidString.lowercased()
            let body: [String: Any] = ["id": id, "budgetId": budget, "name": " Cadeaux ", "amount": 200, "kind": "expense",
                                       "recurrence": "one_off"]
            let created = try await sandbox.client.post("/api/v1/budget-lines", object: body, headers: user.headers)
            #expect(created.status == 201, "\(created.text)")
            #expect(created.data?["name"]?.stringValue == "Cadeaux")
            let replay = try await sandbox.client.post("/api/v1/budget-lines", object: body, headers: user.headers)
            expectEnvelope(replay, status: 409, code: "ERR_BUDGET_LINE_ALREADY_EXISTS", method: "POST", path: "/api/v1/budget-lines")
            let fetched = try await sandbox.client.get("/api/v1/budget-lines/\(id)", headers: user.headers)
            #expect(fetched.status == 200 && fetched.data?["amount"]?.numberValue == 200)

            let patched = try await sandbox.client.patch("/api/v1/budget-lines/\(id)",
                                                         object: ["id": id, "amount": 250, "isManuallyAdjusted": true],
                                                         headers: user.headers)
            #expect(patched.status == 200 && patched.data?["amount"]?.numberValue == 250)
            #expect(patched.data?["isManuallyAdjusted"] == .bool(true))
            let defaulted = try await sandbox.client.patch("/api/v1/budget-lines/\(id)", object: ["id": id, "name": "Noël"],
                                                           headers: user.headers)
            #expect(defaulted.data?["isManuallyAdjusted"] == .bool(false), "left out, it is written false (the Zod default)")
            for refused: [String: Any] in [["name": "x"], ["id": id, "budgetId": budget], ["id": id, "checkedAt": NSNull()]] {
                let strict = try await sandbox.client.patch("/api/v1/budget-lines/\(id)", object: refused, headers: user.headers)
                #expect(strict.status == 400 && strict.code == "ERR_ZOD_VALIDATION_FAILED", "\(refused): \(strict.text)")
            }

            let tx = try await sandbox.client.post("/api/v1/transactions", object: [
                "budgetId": budget, "budgetLineId": id, "name": "Livre", "amount": 30, "kind": "expense",
            ], headers: user.headers)
            let txId = try #require(tx.data?["id"]?.stringValue, "\(tx.text)")
            let deleted = try await sandbox.client.delete("/api/v1/budget-lines/\(id)", headers: user.headers)
            #expect(deleted.status == 200)
            #expect(deleted.object["message"]?.stringValue == "Budget line deleted successfully")
            #expect(try await sandbox.client.delete("/api/v1/budget-lines/\(id)", headers: user.headers).status == 200,
                    "already gone: done")
            let free = try await sandbox.client.get("/api/v1/transactions/\(txId)", headers: user.headers)
            #expect(free.status == 200 && free.data?["budgetLineId"] == .null, "its transaction stays, free")
            let gone = try await sandbox.client.get("/api/v1/budget-lines/\(id)", headers: user.headers)
            #expect(gone.code == "ERR_BUDGET_LINE_NOT_FOUND")
            let patchGone = try await sandbox.client.patch("/api/v1/budget-lines/\(id)", object: ["id": id, "amount": 1],
                                                           headers: user.headers)
            #expect(patchGone.status == 404, "a patch of something gone is never a re-create")
        }
    }

    @Test("toggle-check flips the line only; check-transactions checks its own, never unchecks, [] on a replay")
    func checks() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let seed = sandbox.server.seeding
            let budget = try await seed.createBudget(userId: user.id, month: 11, year: 2026)
            let line = try await seed.addBudgetLine(budgetId: budget, name: "Courses", amount: 600, kind: .expense)
            let a = try await seed.addTransaction(budgetId: budget, budgetLineId: line, name: "Migros", amount: 45, kind: .expense)
            let b = try await seed.addTransaction(budgetId: budget, budgetLineId: line, name: "Coop", amount: 20, kind: .expense)
            let free = try await seed.addTransaction(budgetId: budget, name: "Café", amount: 4.5, kind: .expense)
            _ = try await sandbox.client.send("POST", "/api/v1/transactions/\(b)/toggle-check", headers: user.headers)

            let toggled = try await sandbox.client.send("POST", "/api/v1/budget-lines/\(line)/toggle-check", headers: user.headers)
            #expect(toggled.status == 201 && toggled.data?["checkedAt"] != .null)
            let first = try await sandbox.client.send("POST", "/api/v1/budget-lines/\(line)/check-transactions", headers: user.headers)
            #expect(first.status == 200)
            #expect(first.data?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } == [a], "only what was not checked")
            let replay = try await sandbox.client.send("POST", "/api/v1/budget-lines/\(line)/check-transactions", headers: user.headers)
            #expect(replay.data?.arrayValue?.isEmpty == true)
            let cafe = try await sandbox.client.get("/api/v1/transactions/\(free)", headers: user.headers)
            #expect(cafe.data?["checkedAt"] == .null, "a free transaction is not the line's")
            let untoggled = try await sandbox.client.send("POST", "/api/v1/budget-lines/\(line)/toggle-check", headers: user.headers)
            #expect(untoggled.data?["checkedAt"] == .null)
            let still = try await sandbox.client.get("/api/v1/transactions/\(a)", headers: user.headers)
            #expect(still.data?["checkedAt"] != .null, "unchecking the line never unchecks its transactions")
        }
    }

    @Test("reset-from-template brings the template's amount back; no template link → 400")
    func reset() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let template = try await sandbox.server.seeding.createTemplate(userId: user.id, name: "Mois type",
                                                                           lines: [(name: "Loyer", amount: 2150, kind: .expense)])
            let created = try await sandbox.client.post("/api/v1/budgets", object: ["month": 11, "year": 2026, "templateId": template],
                                                        headers: user.headers)
            let budget = try #require(created.data?["id"]?.stringValue, "\(created.text)")
            let lines = try await sandbox.client.get("/api/v1/budget-lines/budget/\(budget)", headers: user.headers)
            let line = try #require(lines.data?.arrayValue?.first?.objectValue)
            let id = try #require(line["id"]?.stringValue)
            #expect(line["templateLineId"]?.stringValue != nil)
            _ = try await sandbox.client.patch("/api/v1/budget-lines/\(id)", object: ["id": id, "amount": 2300, "isManuallyAdjusted": true],
                                               headers: user.headers)
            let reset = try await sandbox.client.send("POST", "/api/v1/budget-lines/\(id)/reset-from-template", headers: user.headers)
            #expect(reset.status == 201, "\(reset.text)")
            #expect(reset.data?["amount"]?.numberValue == 2150 && reset.data?["isManuallyAdjusted"] == .bool(false))

            let oneOff = try await sandbox.client.post("/api/v1/budget-lines", object: [
                "budgetId": budget, "name": "Cadeau", "amount": 50, "kind": "expense", "recurrence": "one_off",
            ], headers: user.headers)
            let oneOffId = try #require(oneOff.data?["id"]?.stringValue)
            let noTemplate = try await sandbox.client.send("POST", "/api/v1/budget-lines/\(oneOffId)/reset-from-template",
                                                           headers: user.headers)
            #expect(noTemplate.status == 400 && noTemplate.code == "ERR_BUDGET_LINE_VALIDATION_FAILED")
        }
    }
}
