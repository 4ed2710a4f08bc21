import Foundation
import PulpeSandbox
import Testing

/// `GET /savings-goals` and a saving prévision's `savingsGoalId` (§15.5, `savings-goal-link.ts`):
/// a link lives on a saving line only, a kind moved off saving clears it, null clears it, an
/// unknown goal is 404 `ERR_SAVINGS_GOAL_NOT_FOUND`.
@Suite(.timeLimit(.minutes(1)))
struct SavingsGoalRoutesTests {
    @Test func goalsAndTheLinkRules() async throws {
        try await TestSandbox.with { sandbox in
            let (_, headers) = try await DemoDataTests.demoSession(sandbox)
            let goals = try await sandbox.client.get("/api/v1/savings-goals", headers: headers)
            #expect(goals.status == 200, "\(goals.text)")
            let names = goals.data?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue }
            #expect(names == ["Fonds d'urgence", "Voyage au Japon"], "the newest first")
            let goal = try #require(goals.data?.arrayValue?.last?.objectValue?["id"]?.stringValue)
            #expect(goals.data?.arrayValue?.last?.objectValue?["targetAmount"]?.numberValue == 6000)
            let budgets = try await sandbox.client.get("/api/v1/budgets", headers: headers)
            let budget = try #require(budgets.data?.arrayValue?.first?.objectValue?["id"]?.stringValue)

            let body: (String, Any) -> [String: Any] = { kind, link in
                ["budgetId": budget, "name": "Japon", "amount": 200, "kind": kind, "recurrence": "one_off", "savingsGoalId": link]
            }
            let saving = try await sandbox.client.post("/api/v1/budget-lines", object: body("saving", goal), headers: headers)
            #expect(saving.status == 201 && saving.data?["savingsGoalId"]?.stringValue == goal, "\(saving.text)")
            let expense = try await sandbox.client.post("/api/v1/budget-lines", object: body("expense", goal), headers: headers)
            #expect(expense.status == 201 && expense.data?["savingsGoalId"] == .null, "dropped on another kind: \(expense.text)")
            let unknown = try await sandbox.client.post("/api/v1/budget-lines", object: body("saving", UUID().uuidString.lowercased()),
                                                        headers: headers)
            #expect(unknown.status == 404 && unknown.code == "ERR_SAVINGS_GOAL_NOT_FOUND", "\(unknown.text)")

            let line = try #require(saving.data?["id"]?.stringValue)
            let cleared = try await sandbox.client.patch("/api/v1/budget-lines/\(line)", object: ["id": line, "savingsGoalId": NSNull()],
                                                         headers: headers)
            #expect(cleared.status == 200 && cleared.data?["savingsGoalId"] == .null, "\(cleared.text)")
            let relinked = try await sandbox.client.patch("/api/v1/budget-lines/\(line)", object: ["id": line, "savingsGoalId": goal],
                                                          headers: headers)
            #expect(relinked.data?["savingsGoalId"]?.stringValue == goal)
            let moved = try await sandbox.client.patch("/api/v1/budget-lines/\(line)", object: ["id": line, "kind": "expense"], headers: headers)
            #expect(moved.status == 200 && moved.data?["savingsGoalId"] == .null, "a kind moved off saving clears the link")
        }
    }
}
