import Foundation
import PulpeDomain
import PulpeSandbox
import Testing

/// `POST /budgets/generate` and `GET /budget-templates/:id/lines` (docs/contract.md §14.4).
@Suite("Generate months from a template; a template's lines", .timeLimit(.minutes(1)))
struct GenerateAndTemplateLinesTests {
    @Test("Consecutive months from the template, existing ones skipped, safe to resend")
    func generate() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let template = try await sandbox.server.seeding.createTemplate(
                userId: user.id, name: "Mois type", lines: [(name: "Salaire", amount: 5000, kind: .income), (name: "Loyer", amount: 2000, kind: .expense)])
            _ = try await sandbox.server.seeding.createBudget(userId: user.id, month: 12, year: 2026, templateId: template)
            let body: [String: Any] = ["templateId": template, "startMonth": 11, "startYear": 2026, "count": 3]
            let result = try await sandbox.client.post("/api/v1/budgets/generate", object: body, headers: user.headers)
            #expect(result.status == 201, "\(result.text)")
            let budgets = try #require(result.data?["budgets"]?.arrayValue)
            #expect(budgets.compactMap { $0.objectValue?["month"]?.numberValue } == [11, 1])
            #expect(budgets.first?.objectValue?["description"]?.stringValue == "Budget 11/2026")
            #expect(result.data?["skippedMonths"] == .array([.object(["month": .number(12), "year": .number(2026)])]))
            let id = try #require(budgets.first?.objectValue?["id"]?.stringValue)
            let lines = try await sandbox.client.get("/api/v1/budget-lines/budget/\(id)", headers: user.headers)
            #expect(lines.data?.arrayValue?.count == 2, "every template line as a budget line")

            let again = try await sandbox.client.post("/api/v1/budgets/generate", object: body, headers: user.headers)
            #expect(again.status == 201 && again.data?["budgets"] == .array([]), "everything exists: nothing made")
            let unknown = try await sandbox.client.post("/api/v1/budgets/generate", object: [
                "templateId": UUID().uuidString.lowercased(), "startMonth": 5, "startYear": 2027,
            ], headers: user.headers)
            #expect(unknown.status == 500 && unknown.code == "ERR_BUDGET_GENERATE_FAILED")
            let tooMany = try await sandbox.client.post("/api/v1/budgets/generate", object: [
                "templateId": template, "startMonth": 5, "startYear": 2027, "count": 37,
            ], headers: user.headers)
            #expect(tooMany.status == 400)
        }
    }

    @Test("A template's lines by name; not a UUID → 400; not the caller's → 404")
    func templateLines() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let template = try await sandbox.server.seeding.createTemplate(
                userId: user.id, name: "Mois type", lines: [(name: "Loyer", amount: 2000, kind: .expense), (name: "Assurance", amount: 300, kind: .expense)])
            let lines = try await sandbox.client.get("/api/v1/budget-templates/\(template)/lines", headers: user.headers)
            #expect(lines.status == 200)
            #expect(lines.data?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } == ["Assurance", "Loyer"])
            #expect(lines.data?.arrayValue?.first?.objectValue?["amount"]?.numberValue == 300)
            let stranger = try await sandbox.signedInUser()
            let foreign = try await sandbox.client.get("/api/v1/budget-templates/\(template)/lines", headers: stranger.headers)
            #expect(foreign.status == 404 && foreign.code == "ERR_TEMPLATE_NOT_FOUND")
            let bad = try await sandbox.client.get("/api/v1/budget-templates/nope/lines", headers: user.headers)
            #expect(bad.status == 400)
        }
    }
}
