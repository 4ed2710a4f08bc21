import Foundation
import PulpeDomain
import PulpeSandbox
import Testing

/// « Rapprocher mes comptes » (decision 85, §15.4): the client's figures (`Reconciliation`,
/// `BankBalances`) against §15.4 computed here, independently, from the rows the sandbox answers
/// — two months (a rollover), checked and unchecked prévisions and transactions of every kind.
@Suite(.timeLimit(.minutes(1)))
struct ReconciliationFiguresTests {
    /// §14.6 written out again from the rows: the test's own arithmetic, not the client's.
    static func pointed(_ details: BudgetDetails) -> Decimal {
        let checked = details.transactions.filter { $0.checkedAt != nil }
        let income = details.budgetLines.filter { $0.kind == .income && $0.checkedAt != nil }.reduce(Decimal(0)) { $0 + $1.amount }
            + checked.filter { $0.kind == .income }.reduce(Decimal(0)) { $0 + $1.amount }
        var expenses = Decimal(0)
        for line in details.budgetLines where line.kind != .income {
            let spent = checked.filter { $0.budgetLineId == line.id && $0.kind != .income }.reduce(Decimal(0)) { $0 + $1.amount }
            expenses += line.checkedAt != nil ? max(line.amount, spent) : spent
        }
        expenses += checked.filter { $0.budgetLineId == nil && $0.kind != .income }.reduce(Decimal(0)) { $0 + $1.amount }
        return income - expenses
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var rows: [String]
        /// The total, or the problem.
        var expected: Result<Decimal, BankBalances.Problem>
        var testDescription: String { name }
    }

    /// « Pointé » 2 990 + rollover 400 = 3 390 (see `theFiguresAreTheContractsFromTheServersRows`).
    static let cases: [Case] = [
        Case(name: "one account, the exact figure: no gap", rows: ["3390"], expected: .success(3390)),
        Case(name: "several accounts summed: no gap", rows: ["3000", "390.00"], expected: .success(3390)),
        Case(name: "a comma, a typographic minus", rows: ["2500,5", "\u{2212}100"], expected: .success(Decimal(string: "2400.5")!)),
        Case(name: "blank rows skipped; a centime is a gap", rows: ["3000", "", "  ", "390.01"], expected: .success(Decimal(string: "3390.01")!)),
        Case(name: "a plain minus, an overdrawn account", rows: ["-12.30", "3402.30"], expected: .success(3390)),
        Case(name: "one unreadable row withholds the total", rows: ["3000", "4OO"], expected: .failure(.unreadable(row: 2, text: "4OO"))),
        Case(name: "group separators are not in the pattern", rows: ["1’000"], expected: .failure(.unreadable(row: 1, text: "1’000"))),
        Case(name: "ten digits", rows: ["1234567890"], expected: .failure(.unreadable(row: 1, text: "1234567890"))),
        Case(name: "three decimals", rows: ["12.345"], expected: .failure(.unreadable(row: 1, text: "12.345"))),
        Case(name: "nothing typed", rows: ["", " "], expected: .failure(.none)),
    ]

    @Test func theFiguresAreTheContractsFromTheServersRows() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let seed = sandbox.server.seeding
            let january = try await seed.createBudget(userId: user.id, month: 1, year: 2026)
            _ = try await seed.addBudgetLine(budgetId: january, name: "Salaire", amount: 5000, kind: .income)
            _ = try await seed.addBudgetLine(budgetId: january, name: "Charges", amount: 4600, kind: .expense)
            let february = try await seed.createBudget(userId: user.id, month: 2, year: 2026)
            let salary = try await seed.addBudgetLine(budgetId: february, name: "Salaire", amount: 5200, kind: .income)
            let rent = try await seed.addBudgetLine(budgetId: february, name: "Loyer", amount: 1800, kind: .expense)
            let food = try await seed.addBudgetLine(budgetId: february, name: "Courses", amount: 500, kind: .expense)
            let coffee = try await seed.addBudgetLine(budgetId: february, name: "Café", amount: 100, kind: .expense)
            let now = Date(timeIntervalSince1970: 1_770_000_000)
            _ = try await seed.addTransaction(budgetId: february, budgetLineId: food, name: "Migros", amount: 120, kind: .expense, checkedAt: now)
            _ = try await seed.addTransaction(budgetId: february, budgetLineId: food, name: "Coop", amount: 30, kind: .expense)
            _ = try await seed.addTransaction(budgetId: february, budgetLineId: coffee, name: "Cafés", amount: 140, kind: .expense, checkedAt: now)
            _ = try await seed.addTransaction(budgetId: february, name: "Remboursement", amount: 50, kind: .income, checkedAt: now)
            _ = try await seed.addTransaction(budgetId: february, name: "Épargne", amount: 200, kind: .saving, checkedAt: now)
            _ = try await seed.addTransaction(budgetId: february, name: "Kiosque", amount: 20, kind: .expense)
            for line in [salary, rent, coffee] {
                let toggled = try await sandbox.client.send("POST", "/api/v1/budget-lines/\(line)/toggle-check", headers: user.headers)
                #expect(toggled.status == 201, "\(toggled.text)")
            }
            let details = try await FormulaTests.details(sandbox, user, february)
            // 5 200 + 50 − (1 800 + 120 + max(100, 140) + 200) = 2 990; January left 400.
            #expect(Self.pointed(details) == 2990)
            #expect(details.budget.rollover == 400)

            for testCase in Self.cases {
                let total = BankBalances.total(testCase.rows)
                #expect(total == testCase.expected, "\(testCase.name)")
                guard case let .success(bank) = total else { continue }
                let figures = Reconciliation(bankTotal: bank, details: details)
                let gap = bank - (Self.pointed(details) + 400)
                #expect(figures.pointed == 2990 && figures.rollover == 400 && figures.expected == 3390, "\(testCase.name)")
                #expect(figures.gap == gap, "\(testCase.name)")
                #expect(figures.isUpToDate == (gap == 0), "\(testCase.name)")
                #expect(figures.adjustmentKind == (gap == 0 ? nil : gap > 0 ? .income : .expense), "\(testCase.name)")
                #expect(figures.adjustmentAmount == abs(gap), "\(testCase.name)")
                // Coop, Kiosque and the unchecked Courses line: « À pointer » first.
                #expect(figures.unchecked == 3, "\(testCase.name)")
            }
        }
    }
}
