import Foundation
import PulpeDomain
import PulpeSandbox
import Testing

@Suite("Budgets, templates and budget lines (pulpe-api.md §7, §8)", .timeLimit(.minutes(1)))
struct BudgetRoutesTests {
    /// A user with a default template (income 6000, rent 2000, savings 500).
    static func userWithTemplate(_ sandbox: TestSandbox) async throws -> (SignedInUser, String) {
        let user = try await sandbox.signedInUser()
        let template = try await sandbox.server.seeding.createTemplate(userId: user.id, name: "Budget standard", lines: [
            (name: "Salaire", amount: 6000, kind: .income), (name: "Loyer", amount: 2000, kind: .expense),
            (name: "Épargne", amount: 500, kind: .saving),
        ])
        return (user, template)
    }

    @Test("POST /budgets creates from a template (201, lines copied); the same month again → 409")
    func createFromTemplate() async throws {
        try await TestSandbox.with { sandbox in
            let (user, template) = try await Self.userWithTemplate(sandbox)
            #expect(try await sandbox.client.get("/api/v1/budgets/exists", headers: user.headers).text == #"{"hasBudget":false}"#)

            let created = try await sandbox.client.post("/api/v1/budgets", object: [
                "month": 3, "year": 2026, "description": "Mars", "templateId": template,
            ], headers: user.headers)
            #expect(created.status == 201, "\(created.text)")
            let budget = try created.decode(SuccessEnvelope<Budget>.self).data
            #expect(budget.month == 3 && budget.year == 2026 && budget.description == "Mars")
            #expect(budget.templateId == template && budget.userId == user.id)
            #expect(budget.endingBalance == 3500)
            #expect(created.data?["remaining"] == nil && created.data?["rollover"] == nil)

            let lines = try await sandbox.client.get("/api/v1/budget-lines/budget/\(budget.id)", headers: user.headers)
            let decoded = try lines.decode(SuccessEnvelope<[BudgetLine]>.self).data
            #expect(decoded.map(\.name) == ["Salaire", "Loyer", "Épargne"])
            #expect(decoded.allSatisfy { $0.templateLineId != nil && $0.budgetId == budget.id && $0.recurrence == .fixed })

            let duplicate = try await sandbox.client.post("/api/v1/budgets", object: [
                "month": 3, "year": 2026, "templateId": template,
            ], headers: user.headers)
            let body = expectEnvelope(duplicate, status: 409, code: "ERR_BUDGET_ALREADY_EXISTS", method: "POST",
                                      path: "/api/v1/budgets")
            #expect(body?.error == "BusinessException")

            #expect(try await sandbox.client.get("/api/v1/budgets/exists", headers: user.headers).text == #"{"hasBudget":true}"#)

            let single = try await sandbox.client.get("/api/v1/budgets/\(budget.id)", headers: user.headers)
            #expect(single.status == 200)
            #expect(single.data?["endingBalance"] == .number(3500))
            #expect(single.data?["remaining"] == nil && single.data?["rollover"] == nil)
        }
    }

    @Test("POST /budgets is strict and validated: unknown key, month 13, unknown template")
    func createValidation() async throws {
        try await TestSandbox.with { sandbox in
            let (user, template) = try await Self.userWithTemplate(sandbox)
            let extra = try await sandbox.client.post("/api/v1/budgets", object: [
                "month": 3, "year": 2026, "templateId": template, "currency": "CHF",
            ], headers: user.headers)
            let body = expectEnvelope(extra, status: 400, code: "ERR_ZOD_VALIDATION_FAILED", method: "POST", path: "/api/v1/budgets")
            #expect(body?.validationErrors.first?.code == "unrecognized_keys")

            let month = try await sandbox.client.post("/api/v1/budgets", object: ["month": 13, "year": 2026, "templateId": template],
                                                      headers: user.headers)
            #expect(month.code == "ERR_ZOD_VALIDATION_FAILED")
            #expect(APIErrorBody.decode(from: month.body)?.validationErrors.first?.path == ["month"])

            let unknown = UUID().uuidString.lowercased()
            let missing = try await sandbox.client.post("/api/v1/budgets", object: ["month": 4, "year": 2026, "templateId": unknown],
                                                        headers: user.headers)
            expectEnvelope(missing, status: 404, code: "ERR_TEMPLATE_NOT_FOUND", method: "POST", path: "/api/v1/budgets")
        }
    }

    @Test("Lists: newest first; sparse fields give id + the named fields; year and limit filter; bad fields → 400")
    func lists() async throws {
        try await TestSandbox.with { sandbox in
            let (user, template) = try await Self.userWithTemplate(sandbox)
            for (month, year) in [(11, 2025), (12, 2025), (1, 2026), (2, 2026)] {
                let result = try await sandbox.client.post("/api/v1/budgets", object: ["month": month, "year": year, "templateId": template],
                                                           headers: user.headers)
                #expect(result.status == 201)
            }
            let full = try await sandbox.client.get("/api/v1/budgets", headers: user.headers)
            let budgets = try full.decode(SuccessEnvelope<[Budget]>.self).data
            #expect(budgets.map { "\($0.year)-\($0.month)" } == ["2026-2", "2026-1", "2025-12", "2025-11"])
            #expect(budgets.map(\.remaining) == [14000, 10500, 7000, 3500])

            let sparse = try await sandbox.client.get("/api/v1/budgets?fields=month,year,remaining&year=2026&limit=1",
                                                      headers: user.headers)
            let items = try #require(sparse.data?.arrayValue)
            #expect(items.count == 1)
            #expect(Set(items[0].objectValue?.keys.map { $0 } ?? []) == ["id", "month", "year", "remaining"])
            #expect(items[0]["remaining"] == .number(14000))

            let limited = try await sandbox.client.get("/api/v1/budgets?limit=2", headers: user.headers)
            #expect(limited.data?.arrayValue?.count == 2)
            let year = try await sandbox.client.get("/api/v1/budgets?fields=rollover&year=2025", headers: user.headers)
            #expect(year.data?.arrayValue?.compactMap { $0["rollover"]?.numberValue } == [3500, 0])

            for query in ["fields=month,colour", "limit=0", "limit=37", "limit=abc", "year=twenty"] {
                let bad = try await sandbox.client.get("/api/v1/budgets?\(query)", headers: user.headers)
                expectEnvelope(bad, status: 400, code: "ERR_ZOD_VALIDATION_FAILED", method: "GET", path: "/api/v1/budgets?\(query)")
            }
        }
    }

    @Test("Unknown ids: budget, its details, its lines and transactions → 404 ERR_BUDGET_NOT_FOUND; someone else's too")
    func notFound() async throws {
        try await TestSandbox.with { sandbox in
            let (user, template) = try await Self.userWithTemplate(sandbox)
            let stranger = try await sandbox.signedInUser()
            let created = try await sandbox.client.post("/api/v1/budgets", object: ["month": 1, "year": 2026, "templateId": template],
                                                        headers: user.headers)
            let id = try #require(created.data?["id"]?.stringValue)
            let unknown = UUID().uuidString.lowercased()
            for path in ["/api/v1/budgets/\(unknown)", "/api/v1/budgets/\(unknown)/details",
                         "/api/v1/budget-lines/budget/\(unknown)", "/api/v1/transactions/budget/\(unknown)"] {
                let result = try await sandbox.client.get(path, headers: user.headers)
                expectEnvelope(result, status: 404, code: "ERR_BUDGET_NOT_FOUND", method: "GET", path: path)
            }
            let foreign = try await sandbox.client.get("/api/v1/budgets/\(id)/details", headers: stranger.headers)
            expectEnvelope(foreign, status: 404, code: "ERR_BUDGET_NOT_FOUND", method: "GET", path: "/api/v1/budgets/\(id)/details")
            // Upper-case ids name the same budget (UUIDs compare case-insensitively).
            #expect(try await sandbox.client.get("/api/v1/budgets/\(id.uppercased())", headers: user.headers).status == 200)
        }
    }

    @Test("GET /budget-templates lists the user's templates")
    func templates() async throws {
        try await TestSandbox.with { sandbox in
            let (user, template) = try await Self.userWithTemplate(sandbox)
            let result = try await sandbox.client.get("/api/v1/budget-templates", headers: user.headers)
            let templates = try result.decode(SuccessEnvelope<[BudgetTemplate]>.self).data
            #expect(templates.map(\.id) == [template])
            #expect(templates.first?.name == "Budget standard" && templates.first?.isDefault == true)
            let other = try await sandbox.signedInUser()
            #expect(try await sandbox.client.get("/api/v1/budget-templates", headers: other.headers).data == .array([]))
        }
    }
}
