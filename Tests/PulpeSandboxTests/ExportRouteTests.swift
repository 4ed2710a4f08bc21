import Foundation
import PulpeDomain
import PulpeSandbox
import Testing

@Suite("GET /budgets/export and the deployed text search (pulpe-api.md §15.1, §14.5)", .timeLimit(.minutes(1)))
struct ExportRouteTests {
    @Test("Every month oldest first, each budget with rollover, remaining, previousBudgetId and its rows beside its keys")
    func everyMonthOldestFirst() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let seed = sandbox.server.seeding
            let october = try await seed.createBudget(userId: user.id, month: 10, year: 2026)
            let november = try await seed.createBudget(userId: user.id, month: 11, year: 2026)
            let line = try await seed.addBudgetLine(budgetId: november, name: "Épicerie", amount: 800, kind: .expense)
            let answer = try await sandbox.client.get("/api/v1/budgets/export", headers: user.headers)
            #expect(answer.status == 200, "\(answer.text)")
            let object = try #require(answer.data?.objectValue, "\(answer.text)")
            #expect(object["totalBudgets"]?.numberValue == 2 && object["exportDate"]?.stringValue != nil, "\(answer.text)")
            let budgets = try #require(object["budgets"]?.arrayValue)
            #expect(budgets.map { $0.objectValue?["id"]?.stringValue } == [october, november], "oldest first")
            let last = try #require(budgets.last?.objectValue)
            #expect(last["previousBudgetId"]?.stringValue == october)
            #expect(last["rollover"] != nil && last["remaining"] != nil && last["transactions"]?.arrayValue != nil, "\(last)")
            #expect(last["budgetLines"]?.arrayValue?.map { $0.objectValue?["id"]?.stringValue } == [line])
            // The client reads the same bytes into its months.
            let data = try answer.decode(SuccessEnvelope<AccountExportData>.self).data
            #expect(data.months.map(\.budget.id) == [october, november] && data.months[1].budgetLines.map(\.id) == [line])
        }
    }

    @Test("Without a token: 401")
    func needsAToken() async throws {
        try await TestSandbox.with { sandbox in
            let answer = try await sandbox.client.get("/api/v1/budgets/export", headers: [:])
            #expect(answer.status == 401)
        }
    }

    @Test("--deployed-search: a text query matches nothing")
    func deployedSearchMatchesNothing() async throws {
        try await TestSandbox.with({ $0.deployedSearch = true }) { sandbox in
            let user = try await sandbox.signedInUser()
            let seed = sandbox.server.seeding
            let budget = try await seed.createBudget(userId: user.id, month: 11, year: 2026)
            _ = try await seed.addBudgetLine(budgetId: budget, name: "Épicerie", amount: 800, kind: .expense)
            let answer = try await sandbox.client.get("/api/v1/transactions/search?q=pic", headers: user.headers)
            #expect(answer.status == 200 && answer.data?.arrayValue?.isEmpty == true, "\(answer.text)")
        }
    }
}
