import Foundation
import PulpeDomain
import PulpeSandbox
import Testing

@Suite("A wrong client key reads zeros and cannot write (pulpe-api.md §5)", .timeLimit(.minutes(1)))
struct WrongKeyTests {
    /// Every JSON number under members named like amounts.
    static func amounts(in value: JSONValue, key: String? = nil) -> [Decimal] {
        let amountKeys: Set<String> = ["amount", "endingBalance", "remaining", "rollover", "totalExpenses",
                                       "totalSavings", "totalIncome"]
        switch value {
        case .number(let number): return key.map(amountKeys.contains) == true ? [number] : []
        case .array(let elements): return elements.flatMap { amounts(in: $0, key: key) }
        case .object(let members): return members.flatMap { amounts(in: $0.value, key: $0.key) }
        default: return []
        }
    }

    @Test("Every read answers 200 with every amount 0")
    func zerosOnRead() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let seed = sandbox.server.seeding
            let first = try await seed.createBudget(userId: user.id, month: 1, year: 2026)
            _ = try await seed.addBudgetLine(budgetId: first, name: "Salaire", amount: 5000, kind: .income)
            let budget = try await seed.createBudget(userId: user.id, month: 2, year: 2026)
            let line = try await seed.addBudgetLine(budgetId: budget, name: "Loyer", amount: 2000, kind: .expense)
            let transaction = try await seed.addTransaction(budgetId: budget, budgetLineId: line, name: "Régie", amount: 2000,
                                                            kind: .expense)
            let paths = ["/api/v1/budgets", "/api/v1/budgets?fields=month,totalExpenses,totalSavings,totalIncome,remaining,rollover",
                         "/api/v1/budgets/\(budget)", "/api/v1/budgets/\(budget)/details", "/api/v1/budget-lines/budget/\(budget)",
                         "/api/v1/transactions/budget/\(budget)", "/api/v1/transactions/\(transaction)"]
            for path in paths {
                let right = try await sandbox.client.get(path, headers: user.headers)
                let wrong = try await sandbox.client.get(path, headers: user.wrongKeyHeaders)
                #expect(wrong.status == 200, "\(path)")
                let rightAmounts = Self.amounts(in: .object(right.object))
                let wrongAmounts = Self.amounts(in: .object(wrong.object))
                #expect(rightAmounts.contains { $0 != 0 }, "\(path) should carry real amounts with the right key")
                #expect(!wrongAmounts.isEmpty && wrongAmounts.allSatisfy { $0 == 0 }, "\(path): \(wrong.text)")
                #expect(rightAmounts.count == wrongAmounts.count, "\(path)")
            }
        }
    }

    @Test("Every write answers 400 ERR_ENCRYPTION_KEY_CHECK_FAILED and changes nothing")
    func refusedWrites() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let seed = sandbox.server.seeding
            let template = try await seed.createTemplate(userId: user.id, name: "T", lines: [(name: "Salaire", amount: 100, kind: .income)])
            let budget = try await seed.createBudget(userId: user.id, month: 2, year: 2026)
            let transaction = try await seed.addTransaction(budgetId: budget, name: "Coop", amount: 42, kind: .expense)
            let writes: [(String, String, Data?)] = [
                ("POST", "/api/v1/transactions", Data(#"{"budgetId":"\#(budget)","name":"Café","amount":4.5,"kind":"expense"}"#.utf8)),
                ("PATCH", "/api/v1/transactions/\(transaction)", Data(#"{"amount":1}"#.utf8)),
                ("DELETE", "/api/v1/transactions/\(transaction)", nil),
                ("POST", "/api/v1/transactions/\(transaction)/toggle-check", nil),
                ("POST", "/api/v1/budgets", Data(#"{"month":5,"year":2026,"templateId":"\#(template)"}"#.utf8)),
            ]
            for (method, path, body) in writes {
                let result = try await sandbox.client.send(method, path, headers: user.wrongKeyHeaders, body: body)
                expectEnvelope(result, status: 400, code: "ERR_ENCRYPTION_KEY_CHECK_FAILED", method: method, path: path)
            }
            let list = try await sandbox.client.get("/api/v1/transactions/budget/\(budget)", headers: user.headers)
            let transactions = try list.decode(SuccessEnvelope<[Transaction]>.self).data
            #expect(transactions.count == 1)
            #expect(transactions.first?.amount == 42 && transactions.first?.checkedAt == nil)
            let budgets = try await sandbox.client.get("/api/v1/budgets", headers: user.headers)
            #expect(budgets.data?.arrayValue?.count == 1)
        }
    }
}
