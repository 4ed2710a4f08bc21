import Foundation
import PulpeDomain
import PulpeSandbox
import Testing

/// `GET /budgets/:id/details` answers from encoded bodies kept until the next write
/// (`EncodedResponseCache`): these pin that a kept body is never served once anything changed.
@Suite("Details bodies kept between writes", .timeLimit(.minutes(1)))
struct DetailsCacheTests {
    @Test("A write through the API, a write straight to the store, a later budget's rollover: each shows at once")
    func writesInvalidate() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let seed = sandbox.server.seeding
            let october = try await seed.createBudget(userId: user.id, month: 10, year: 2026)
            let november = try await seed.createBudget(userId: user.id, month: 11, year: 2026)
            func details(_ budget: String, headers: [String: String]? = nil) async throws -> BudgetDetails {
                let result = try await sandbox.client.get("/api/v1/budgets/\(budget)/details", headers: headers ?? user.headers)
                return try result.decode(SuccessEnvelope<BudgetDetails>.self).data
            }
            let first = try await details(november)
            let again = try await details(november)
            #expect(first == again && first.transactions.isEmpty)

            let body: [String: Any] = ["budgetId": november, "name": "Café", "amount": 4.5, "kind": "expense",
                                       "transactionDate": "2026-11-12T10:30:00+01:00"]
            let created = try await sandbox.client.send("POST", "/api/v1/transactions", headers: user.headers,
                                                        body: try JSONSerialization.data(withJSONObject: body))
            #expect(created.status == 201)
            #expect(try await details(november).transactions.map(\.name) == ["Café"])

            // A write that goes around the routes (as the seeder and tests do) is seen too.
            _ = try await seed.addBudgetLine(budgetId: november, name: "Épicerie", amount: 800, kind: .expense)
            #expect(try await details(november).budgetLines.map(\.name) == ["Épicerie"])

            // October's income moves November's rollover: a kept November body must not survive it.
            let before = try await details(november).budget.rollover
            _ = try await seed.addBudgetLine(budgetId: october, name: "Salaire", amount: 7000, kind: .income)
            let after = try await details(november).budget.rollover
            #expect(after != before)

            // The wrong key's zeroed amounts and the right key's amounts are kept apart.
            let zeroed = try await details(november, headers: user.wrongKeyHeaders)
            #expect(zeroed.transactions.map(\.amount) == [0])
            #expect(try await details(november).transactions.map(\.amount) == [Decimal(string: "4.5")!])
        }
    }
}
