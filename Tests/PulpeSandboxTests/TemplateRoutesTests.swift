import Foundation
import PulpeDomain
import PulpeSandbox
import Testing

/// The template writes (docs/contract.md §16.5): create up to 5, rename and the default flag, delete
/// (not one a budget was made from), and the bulk line operations with or without propagation to
/// the months made from the template, from the current pay-day period on.
@Suite("Template writes", .timeLimit(.minutes(1)))
struct TemplateRoutesTests {
    static let templates = "/api/v1/budget-templates"

    /// One budget line as `GET /__sandbox/budget-lines` lists it.
    struct Held: Hashable, Sendable {
        let month: Int
        let year: Int
        let templateLineId: String?
        let name: String
        let amount: Decimal
        let isManuallyAdjusted: Bool
    }

    static func held(_ sandbox: TestSandbox, _ user: SignedInUser) async throws -> [Held] {
        let query = user.email.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? user.email
        let result = try await sandbox.client.get("/__sandbox/budget-lines?email=\(query)")
        try #require(result.status == 200, "\(result.text)")
        let rows = try #require((try? JSONDecoder().decode(JSONValue.self, from: result.body))?.arrayValue, "\(result.text)")
        return rows.map { row in
            Held(month: NSDecimalNumber(decimal: row["month"]?.numberValue ?? 0).intValue,
                 year: NSDecimalNumber(decimal: row["year"]?.numberValue ?? 0).intValue,
                 templateLineId: row["templateLineId"]?.stringValue, name: row["name"]?.stringValue ?? "",
                 amount: row["amount"]?.numberValue ?? -1, isManuallyAdjusted: row["isManuallyAdjusted"]?.boolValue ?? false)
        }
    }

    /// The template's lines by name → (id, amount).
    static func lines(_ sandbox: TestSandbox, _ user: SignedInUser, template: String) async throws -> [String: (String, Decimal)] {
        let result = try await sandbox.client.get("\(templates)/\(template)/lines", headers: user.headers)
        try #require(result.status == 200, "\(result.text)")
        let rows = try #require(result.data?.arrayValue)
        return Dictionary(uniqueKeysWithValues: rows.map { row in
            (row["name"]?.stringValue ?? "", (row["id"]?.stringValue ?? "", row["amount"]?.numberValue ?? -1))
        })
    }

    static func list(_ sandbox: TestSandbox, _ headers: [String: String]) async throws -> [(id: String, name: String, isDefault: Bool)] {
        let result = try await sandbox.client.get(templates, headers: headers)
        try #require(result.status == 200, "\(result.text)")
        return (result.data?.arrayValue ?? []).map { row in
            (row["id"]?.stringValue ?? "", row["name"]?.stringValue ?? "", row["isDefault"]?.boolValue ?? false)
        }
    }

    @Test("POST: 201 {template, lines}, the name trimmed; a sixth → 400 ERR_TEMPLATE_LIMIT_EXCEEDED, nothing made")
    func createUpToTheLimit() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            for index in 1...5 {
                let created = try await sandbox.client.post(Self.templates, object: ["name": "  Modèle \(index) "], headers: user.headers)
                #expect(created.status == 201, "\(index): \(created.text)")
                #expect(created.data?["template"]?["name"]?.stringValue == "Modèle \(index)")
                #expect(created.data?["template"]?["isDefault"]?.boolValue == false)
                #expect(created.data?["lines"] == .array([]))
            }
            let sixth = try await sandbox.client.post(Self.templates, object: ["name": "Modèle 6"], headers: user.headers)
            expectEnvelope(sixth, status: 400, code: "ERR_TEMPLATE_LIMIT_EXCEEDED", method: "POST", path: Self.templates)
            #expect(try await Self.list(sandbox, user.headers).map(\.name).sorted() == (1...5).map { "Modèle \($0)" })
            let other = try await sandbox.signedInUser()
            let theirs = try await sandbox.client.post(Self.templates, object: ["name": "Modèle 1"], headers: other.headers)
            #expect(theirs.status == 201, "the limit is per user")
            for bad: [String: Any] in [["name": "   "], ["name": String(repeating: "x", count: 101)], ["name": "a", "id": "x"], [:]] {
                let refused = try await sandbox.client.post(Self.templates, object: bad, headers: other.headers)
                #expect(refused.status == 400 && refused.code == "ERR_ZOD_VALIDATION_FAILED", "\(bad): \(refused.text)")
            }
        }
    }

    @Test("PATCH: isDefault true takes the flag from the other; a rename; {} → 404; not the caller's → 404")
    func patch() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let standard = try await sandbox.server.seeding.createTemplate(userId: user.id, name: "Standard", isDefault: true)
            let vacances = try await sandbox.server.seeding.createTemplate(userId: user.id, name: "Vacances", isDefault: false)
            let flagged = try await sandbox.client.patch("\(Self.templates)/\(vacances)", object: ["isDefault": true], headers: user.headers)
            #expect(flagged.status == 200, "\(flagged.text)")
            #expect(flagged.data?["isDefault"]?.boolValue == true && flagged.data?["name"]?.stringValue == "Vacances")
            let listed = try await Self.list(sandbox, user.headers)
            #expect(listed.first { $0.id == standard }?.isDefault == false)
            #expect(listed.first { $0.id == vacances }?.isDefault == true)

            let renamed = try await sandbox.client.patch("\(Self.templates)/\(standard)", object: ["name": " Mois type "], headers: user.headers)
            #expect(renamed.status == 200 && renamed.data?["name"]?.stringValue == "Mois type")
            #expect(renamed.data?["isDefault"]?.boolValue == false, "a rename leaves the flag")

            let empty = try await sandbox.client.patch("\(Self.templates)/\(standard)", object: [:], headers: user.headers)
            expectEnvelope(empty, status: 404, code: "ERR_TEMPLATE_NOT_FOUND", method: "PATCH", path: "\(Self.templates)/\(standard)")
            let stranger = try await sandbox.signedInUser()
            let foreign = try await sandbox.client.patch("\(Self.templates)/\(standard)", object: ["name": "X"], headers: stranger.headers)
            #expect(foreign.status == 404 && foreign.code == "ERR_TEMPLATE_NOT_FOUND")
            let unknownKey = try await sandbox.client.patch("\(Self.templates)/\(standard)", object: ["lines": []], headers: user.headers)
            #expect(unknownKey.status == 400 && unknownKey.code == "ERR_ZOD_VALIDATION_FAILED")
            #expect(try await Self.list(sandbox, user.headers).map(\.name).sorted() == ["Mois type", "Vacances"])
        }
    }

    @Test("DELETE: the demo template its months were made from → 400 ERR_TEMPLATE_IN_USE; a fresh one → 200, again → 404")
    func delete() async throws {
        try await TestSandbox.with { sandbox in
            let (_, headers) = try await DemoDataTests.demoSession(sandbox)
            let demo = try #require(try await Self.list(sandbox, headers).first { $0.name == "Budget standard" })
            let path = "\(Self.templates)/\(demo.id)"
            expectEnvelope(try await sandbox.client.delete(path, headers: headers), status: 400, code: "ERR_TEMPLATE_IN_USE",
                           method: "DELETE", path: path)
            #expect(try await Self.list(sandbox, headers).contains { $0.id == demo.id }, "still there")

            let fresh = try await sandbox.client.post(Self.templates, object: ["name": "Éphémère"], headers: headers)
            let id = try #require(fresh.data?["template"]?["id"]?.stringValue, "\(fresh.text)")
            let deleted = try await sandbox.client.delete("\(Self.templates)/\(id)", headers: headers)
            #expect(deleted.status == 200, "\(deleted.text)")
            #expect(deleted.object["success"] == .bool(true) && deleted.object["message"]?.stringValue?.isEmpty == false)
            expectEnvelope(try await sandbox.client.delete("\(Self.templates)/\(id)", headers: headers), status: 404,
                           code: "ERR_TEMPLATE_NOT_FOUND", method: "DELETE", path: "\(Self.templates)/\(id)")
            #expect(try await Self.list(sandbox, headers).map(\.name).sorted() == ["Budget standard", "Mois de vacances"])
        }
    }

    @Test("Bulk: strict body; a line not in the template → 404 and nothing written")
    func bulkRefusals() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let seed = sandbox.server.seeding
            let mine = try await seed.createTemplate(userId: user.id, name: "Mois type", lines: [(name: "Loyer", amount: 2000, kind: .expense)])
            let other = try await seed.createTemplate(userId: user.id, name: "Autre", isDefault: false,
                                                      lines: [(name: "Loyer", amount: 900, kind: .expense)])
            let path = "\(Self.templates)/\(mine)/lines/bulk-operations"
            let loyer = try #require(try await Self.lines(sandbox, user, template: mine)["Loyer"]?.0)
            let foreignLine = try #require(try await Self.lines(sandbox, user, template: other)["Loyer"]?.0)

            let unknownKeys = try await sandbox.client.post(path, object: ["update": [], "propagate": true], headers: user.headers)
            expectEnvelope(unknownKeys, status: 400, code: "ERR_ZOD_VALIDATION_FAILED", method: "POST", path: path)
            let unknownLineKey = try await sandbox.client.post(path, object: ["update": [["id": loyer, "amount": 1, "position": 2]]],
                                                               headers: user.headers)
            #expect(unknownLineKey.status == 400 && unknownLineKey.code == "ERR_ZOD_VALIDATION_FAILED", "\(unknownLineKey.text)")
            let noDescription = try await sandbox.client.post(path, object: [
                "create": [["name": "Internet", "amount": 60, "kind": "expense", "recurrence": "fixed"]],
            ], headers: user.headers)
            #expect(noDescription.status == 400 && noDescription.code == "ERR_ZOD_VALIDATION_FAILED", "a create needs its description")

            let elsewhere = try await sandbox.client.post(path, object: [
                "update": [["id": loyer, "amount": 2100], ["id": foreignLine, "amount": 1]], "propagateToBudgets": true,
            ], headers: user.headers)
            expectEnvelope(elsewhere, status: 404, code: "ERR_TEMPLATE_LINE_NOT_FOUND", method: "POST", path: path)
            let deleteElsewhere = try await sandbox.client.post(path, object: ["delete": [foreignLine]], headers: user.headers)
            #expect(deleteElsewhere.status == 404 && deleteElsewhere.code == "ERR_TEMPLATE_LINE_NOT_FOUND")
            #expect(try await Self.lines(sandbox, user, template: mine)["Loyer"]?.1 == 2000, "atomic: the first update not written")
            #expect(try await Self.lines(sandbox, user, template: other)["Loyer"]?.1 == 900)
        }
    }

    /// 27 November with pay day 25: the current period is December's (25 Nov – 24 Dec), so the
    /// November month is in the past though it is the calendar month.
    @Test("Bulk with propagation: the template and the non-adjusted linked lines of the months from the current period on")
    func bulkPropagation() async throws {
        let today = CalendarDay(year: 2026, month: 11, day: 27)!
        try #require(PayDayCalendar.budgetMonth(for: today, payDay: 25) == BudgetMonth(year: 2026, month: 12))
        try await TestSandbox.with({ $0.today = today }) { sandbox in
            let user = try await sandbox.signedInUser(payDay: 25)
            let seed = sandbox.server.seeding
            let template = try await seed.createTemplate(userId: user.id, name: "Mois type", lines: [
                (name: "Loyer", amount: 2000, kind: .expense), (name: "Assurance", amount: 300, kind: .expense),
            ])
            let other = try await seed.createTemplate(userId: user.id, name: "Autre", isDefault: false,
                                                      lines: [(name: "Loyer", amount: 2000, kind: .expense)])
            var budgets: [String: String] = [:]
            for (month, year, from) in [(11, 2026, template), (12, 2026, template), (1, 2027, template), (2, 2027, template),
                                        (3, 2027, other)] {
                let made = try await sandbox.client.post("/api/v1/budgets", object: ["month": month, "year": year, "templateId": from],
                                                         headers: user.headers)
                budgets["\(year)-\(month)"] = try #require(made.data?["id"]?.stringValue, "\(made.text)")
            }
            let januaryBudget = try #require(budgets["2027-1"])
            let january = try await sandbox.client.get("/api/v1/budget-lines/budget/\(januaryBudget)", headers: user.headers)
            let januaryLoyer = try #require(january.data?.arrayValue?.first { $0["name"]?.stringValue == "Loyer" }?["id"]?.stringValue)
            let adjusted = try await sandbox.client.patch("/api/v1/budget-lines/\(januaryLoyer)", object: [
                "id": januaryLoyer, "amount": 2050, "isManuallyAdjusted": true,
            ], headers: user.headers)
            try #require(adjusted.status == 200, "\(adjusted.text)")
            let ids = try await Self.lines(sandbox, user, template: template)
            let loyer = try #require(ids["Loyer"]?.0), assurance = try #require(ids["Assurance"]?.0)
            let path = "\(Self.templates)/\(template)/lines/bulk-operations"
            let before = try await Self.held(sandbox, user)

            // Without propagation: only the template.
            let only = try await sandbox.client.post(path, object: ["update": [["id": assurance, "amount": 320]]], headers: user.headers)
            #expect(only.status == 200, "\(only.text)")
            #expect(only.data?["propagation"] == .object(["mode": .string("template-only"), "affectedBudgetIds": .array([]),
                                                           "affectedBudgetsCount": .number(0)]))
            #expect(only.data?["updated"]?.arrayValue?.first?["amount"]?.numberValue == 320)
            #expect(try await Self.lines(sandbox, user, template: template)["Assurance"]?.1 == 320)
            #expect(try await Self.held(sandbox, user) == before, "no month changed")

            // An update with propagation: December and February; not November (past), not January's adjusted line, not « Autre ».
            let raised = try await sandbox.client.post(path, object: [
                "update": [["id": loyer, "amount": 2100]], "propagateToBudgets": true,
            ], headers: user.headers)
            #expect(raised.status == 200, "\(raised.text)")
            #expect(raised.data?["propagation"]?["mode"]?.stringValue == "propagate")
            let raisedIds = raised.data?["propagation"]?["affectedBudgetIds"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(raisedIds.sorted() == [budgets["2026-12"], budgets["2027-2"]].compactMap { $0 }.sorted())
            #expect(raisedIds.count == 2 && raised.data?["propagation"]?["affectedBudgetsCount"]?.numberValue == 2)
            #expect(try await Self.lines(sandbox, user, template: template)["Loyer"]?.1 == 2100)
            let afterRaise = try await Self.held(sandbox, user)
            let loyers = afterRaise.filter { $0.name == "Loyer" }.map { "\($0.year)-\($0.month): \($0.amount)" }.sorted()
            #expect(loyers == ["2026-11: 2000", "2026-12: 2100", "2027-1: 2050", "2027-2: 2100", "2027-3: 2000"])
            #expect(afterRaise.filter { $0.name == "Assurance" }.allSatisfy { $0.amount == 300 }, "the template-only change stayed there")

            // A create with propagation: one line in each month from December on.
            let created = try await sandbox.client.post(path, object: [
                "create": [["name": "Internet", "amount": 60, "kind": "expense", "recurrence": "fixed", "description": ""]],
                "propagateToBudgets": true,
            ], headers: user.headers)
            #expect(created.status == 200, "\(created.text)")
            let newId = try #require(created.data?["created"]?.arrayValue?.first?["id"]?.stringValue)
            let createdIds = created.data?["propagation"]?["affectedBudgetIds"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(createdIds.sorted() == [budgets["2026-12"], budgets["2027-1"], budgets["2027-2"]].compactMap { $0 }.sorted())
            let internet = try await Self.held(sandbox, user).filter { $0.name == "Internet" }
            #expect(internet.map { "\($0.year)-\($0.month)" }.sorted() == ["2026-12", "2027-1", "2027-2"])
            #expect(internet.allSatisfy { $0.templateLineId == newId && $0.amount == 60 && !$0.isManuallyAdjusted })

            // A delete with propagation: the linked lines go from December on.
            let removed = try await sandbox.client.post(path, object: ["delete": [assurance], "propagateToBudgets": true],
                                                        headers: user.headers)
            #expect(removed.status == 200 && removed.data?["deleted"] == .array([.string(assurance)]), "\(removed.text)")
            let assurances = try await Self.held(sandbox, user).filter { $0.name == "Assurance" }
            #expect(assurances.map { "\($0.year)-\($0.month)" } == ["2026-11"])
            #expect(try await Self.lines(sandbox, user, template: template).keys.sorted() == ["Internet", "Loyer"])
        }
    }

    /// §5: with a well-formed but wrong key every write answers `ERR_ENCRYPTION_KEY_CHECK_FAILED`
    /// (a template line's amount is encrypted with the key as any other).
    @Test("Bulk with a wrong client key → 400 ERR_ENCRYPTION_KEY_CHECK_FAILED, nothing written")
    func bulkWithAWrongKey() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let template = try await sandbox.server.seeding.createTemplate(userId: user.id, name: "Mois type",
                                                                           lines: [(name: "Loyer", amount: 2000, kind: .expense)])
            let loyer = try #require(try await Self.lines(sandbox, user, template: template)["Loyer"]?.0)
            let path = "\(Self.templates)/\(template)/lines/bulk-operations"
            let result = try await sandbox.client.post(path, object: ["update": [["id": loyer, "amount": 1]]], headers: user.wrongKeyHeaders)
            // A stale key's write is refused before anything is written, as every write of amounts is (§5).
            #expect(result.status == 400 && result.code == "ERR_ENCRYPTION_KEY_CHECK_FAILED", "\(result.status) \(result.text)")
            if result.status == 400 {
                #expect(try await Self.lines(sandbox, user, template: template)["Loyer"]?.1 == 2000, "refused: nothing written")
            }
        }
    }
}
