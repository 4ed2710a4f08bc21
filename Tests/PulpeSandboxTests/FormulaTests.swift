import Foundation
import PulpeDomain
import PulpeSandbox
import Testing

/// The worked examples of docs/contract.md §10, checked through the HTTP answers.
@Suite("Formulas through GET /budgets and /details (pulpe-api.md §10)", .timeLimit(.minutes(1)))
struct FormulaTests {
    /// `GET /budgets` decoded, keyed by month.
    static func budgets(_ sandbox: TestSandbox, _ user: SignedInUser) async throws -> [Budget] {
        let result = try await sandbox.client.get("/api/v1/budgets", headers: user.headers)
        #expect(result.status == 200)
        return try result.decode(SuccessEnvelope<[Budget]>.self).data
    }

    static func details(_ sandbox: TestSandbox, _ user: SignedInUser, _ id: String) async throws -> BudgetDetails {
        let result = try await sandbox.client.get("/api/v1/budgets/\(id)/details", headers: user.headers)
        #expect(result.status == 200, "\(result.text)")
        return try result.decode(SuccessEnvelope<BudgetDetails>.self).data
    }

    @Test("income 5000, expense 4500, rollover 0 → remaining 500; then 5200/4800 with rollover 500 → 900")
    func rolloverChain() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let seed = sandbox.server.seeding
            let january = try await seed.createBudget(userId: user.id, month: 1, year: 2026)
            _ = try await seed.addBudgetLine(budgetId: january, name: "Salaire", amount: 5000, kind: .income)
            _ = try await seed.addBudgetLine(budgetId: january, name: "Charges", amount: 4500, kind: .expense)
            let february = try await seed.createBudget(userId: user.id, month: 2, year: 2026)
            _ = try await seed.addBudgetLine(budgetId: february, name: "Salaire", amount: 5200, kind: .income)
            _ = try await seed.addBudgetLine(budgetId: february, name: "Charges", amount: 4800, kind: .expense)

            let list = try await Self.budgets(sandbox, user)
            #expect(list.map(\.month) == [2, 1]) // newest first
            #expect(list[1].remaining == 500 && list[1].endingBalance == 500 && list[1].rollover == nil)
            #expect(list[0].remaining == 900 && list[0].endingBalance == 400)

            let first = try await Self.details(sandbox, user, january)
            #expect(first.budget.rollover == 0)
            #expect(first.budget.previousBudgetId == nil)
            #expect(first.totals.available == 5000 && first.totals.remaining == 500)
            let second = try await Self.details(sandbox, user, february)
            #expect(second.budget.rollover == 500)
            #expect(second.budget.previousBudgetId == january)
            #expect(second.totals.available == 5700 && second.totals.remaining == 900)
            // The raw JSON of the details form carries previousBudgetId as null for the first budget.
            let raw = try await sandbox.client.get("/api/v1/budgets/\(january)/details", headers: user.headers)
            #expect(raw.data?["budget"]?["previousBudgetId"] == .null)
            #expect(raw.data?["budget"]?["remaining"] == nil)
        }
    }

    @Test("Savings count as expenses: income 5000, expense 3000, saving 1000 → totalExpenses 4000, remaining 1000")
    func savingsAreExpenses() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let seed = sandbox.server.seeding
            let budget = try await seed.createBudget(userId: user.id, month: 3, year: 2026)
            _ = try await seed.addBudgetLine(budgetId: budget, name: "Salaire", amount: 5000, kind: .income)
            _ = try await seed.addBudgetLine(budgetId: budget, name: "Loyer", amount: 3000, kind: .expense)
            _ = try await seed.addBudgetLine(budgetId: budget, name: "Épargne", amount: 1000, kind: .saving)
            let sparse = try await sandbox.client.get("/api/v1/budgets?fields=totalExpenses,totalSavings,totalIncome,remaining,rollover",
                                                      headers: user.headers)
            let summary = try #require(try sparse.decode(SuccessEnvelope<[BudgetSummary]>.self).data.first)
            #expect(summary == BudgetSummary(id: budget, totalExpenses: 4000, totalSavings: 1000, totalIncome: 5000,
                                             remaining: 1000, rollover: 0))
        }
    }

    @Test("Envelopes: allocated 100 inside a 500 line → 500; 188 against a 100 line → 188; free ones add")
    func envelopes() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let seed = sandbox.server.seeding
            let within = try await seed.createBudget(userId: user.id, month: 4, year: 2026)
            let courses = try await seed.addBudgetLine(budgetId: within, name: "Courses", amount: 500, kind: .expense)
            _ = try await seed.addTransaction(budgetId: within, budgetLineId: courses, name: "Migros", amount: 100, kind: .expense)
            let over = try await seed.createBudget(userId: user.id, month: 5, year: 2026)
            let cafe = try await seed.addBudgetLine(budgetId: over, name: "Café", amount: 100, kind: .expense)
            _ = try await seed.addTransaction(budgetId: over, budgetLineId: cafe, name: "Café du Marché", amount: 88, kind: .expense)
            _ = try await seed.addTransaction(budgetId: over, budgetLineId: cafe, name: "Brasserie", amount: 100, kind: .expense)
            _ = try await seed.addTransaction(budgetId: over, name: "Pharmacie", amount: 12.5, kind: .expense)

            let sparse = try await sandbox.client.get("/api/v1/budgets?fields=month,totalExpenses", headers: user.headers)
            let byMonth = Dictionary(uniqueKeysWithValues: try sparse.decode(SuccessEnvelope<[BudgetSummary]>.self).data
                .map { ($0.month ?? 0, $0) })
            #expect(byMonth[4]?.totalExpenses == 500)
            #expect(byMonth[5]?.totalExpenses == 200.5)
            #expect(byMonth[4]?.remaining == nil) // only what was asked
            let details = try await Self.details(sandbox, user, over)
            #expect(details.totals.totalExpenses == 200.5)
            #expect(details.lineConsumptions.first?.overage == 88)
        }
    }

    @Test("available: income 5000 with rollover −5000 → 0; income 5000, expenses 5500 → remaining −500 (deficit)")
    func negativeRollover() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let seed = sandbox.server.seeding
            let bad = try await seed.createBudget(userId: user.id, month: 10, year: 2025)
            _ = try await seed.addBudgetLine(budgetId: bad, name: "Voiture", amount: 5000, kind: .expense)
            let next = try await seed.createBudget(userId: user.id, month: 12, year: 2025) // gap: November has no budget
            _ = try await seed.addBudgetLine(budgetId: next, name: "Salaire", amount: 5000, kind: .income)
            let details = try await Self.details(sandbox, user, next)
            #expect(details.budget.rollover == -5000)
            #expect(details.budget.previousBudgetId == bad)
            #expect(details.totals.available == 0)
            #expect(details.totals.health == .tight)

            let other = try await sandbox.signedInUser()
            let month = try await seed.createBudget(userId: other.id, month: 1, year: 2026)
            _ = try await seed.addBudgetLine(budgetId: month, name: "Salaire", amount: 5000, kind: .income)
            _ = try await seed.addBudgetLine(budgetId: month, name: "Tout", amount: 5500, kind: .expense)
            let list = try await Self.budgets(sandbox, other)
            #expect(list.first?.remaining == -500)
            #expect(try await Self.details(sandbox, other, month).totals.health == .deficit)
        }
    }

    @Test("Decimals travel exactly: 0.1, 1234.56 and 0.3 = 0.1 + 0.2 in JSON text and totals")
    func exactDecimals() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let seed = sandbox.server.seeding
            let budget = try await seed.createBudget(userId: user.id, month: 6, year: 2026)
            let line = try await seed.addBudgetLine(budgetId: budget, name: "Épicerie", amount: Decimal(string: "0.1")!, kind: .expense)
            _ = try await seed.addTransaction(budgetId: budget, name: "Coop", amount: Decimal(string: "1234.56")!, kind: .expense)
            _ = try await seed.addTransaction(budgetId: budget, budgetLineId: line, name: "a", amount: Decimal(string: "0.1")!, kind: .expense)
            _ = try await seed.addTransaction(budgetId: budget, budgetLineId: line, name: "b", amount: Decimal(string: "0.2")!, kind: .expense)
            let raw = try await sandbox.client.get("/api/v1/budgets/\(budget)/details", headers: user.headers)
            #expect(raw.text.contains(#""amount":0.1,"#))
            #expect(raw.text.contains(#""amount":1234.56,"#))
            #expect(raw.text.contains(#""endingBalance":-1234.86,"#))
            let list = try await sandbox.client.get("/api/v1/budgets?fields=totalExpenses", headers: user.headers)
            #expect(list.text.contains(#""totalExpenses":1234.86"#))
        }
    }
}
