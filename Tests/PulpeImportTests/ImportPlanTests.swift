import Foundation
import PulpeCore
import PulpeDomain
import Testing
@testable import PulpeImport

/// The plan (decision 90): the budget of the pay-day period, the prévision suggested or a rule's,
/// checked when on one; a rule renames, tags or skips; other currencies and months without a
/// budget are said.
struct ImportPlanTests {
    static let noon = ImportMatcherTests.noon

    static func month(_ month: Int, lines: [BudgetLine] = []) -> BudgetDetails {
        let budget = Budget(id: "b-\(month)", createdAt: noon, updatedAt: noon, userId: "u", templateId: "t", month: month, year: 2026,
                            description: "")
        return BudgetDetails(budget: budget, transactions: [], budgetLines: lines)
    }

    static func line(_ id: String, _ name: String, budget: String) -> BudgetLine {
        BudgetLine(id: id, budgetId: budget, name: name, amount: 400, kind: .expense, recurrence: .fixed, createdAt: noon, updatedAt: noon)
    }

    @Test func rulesSuggestionsAndSkips() {
        let operations = [
            BankOperation(date: CalendarDay(year: 2026, month: 11, day: 24)!, amount: 33.1, kind: .expense, name: "MIGROS M PLAINPALAIS"),
            BankOperation(date: CalendarDay(year: 2026, month: 11, day: 26)!, amount: 500, kind: .expense, name: "Transfert compte épargne"),
            BankOperation(date: CalendarDay(year: 2026, month: 11, day: 26)!, amount: 18.6, kind: .expense, name: "SBB Billet"),
            BankOperation(date: CalendarDay(year: 2026, month: 11, day: 27)!, amount: 20, kind: .expense, name: "Amazon", currency: "EUR"),
            BankOperation(date: CalendarDay(year: 2027, month: 3, day: 2)!, amount: 9, kind: .expense, name: "Kiosque"),
        ]
        let replica = [Self.month(11, lines: [Self.line("l11", "Courses", budget: "b-11")]),
                       Self.month(12, lines: [Self.line("l12", "Courses", budget: "b-12")])]
        let rules = [ImportRule(pattern: "migros", name: "Migros", line: "courses", tags: ["Courses"]),
                     ImportRule(pattern: "compte epargne", skip: true), ImportRule(pattern: "sbb", tags: ["transports"])]
        let tags = [Tag(id: "G-1", userId: "u", name: "courses", createdAt: Self.noon, updatedAt: Self.noon)]
        let candidates = ImportMatcher.match(operations, replica: replica, account: ImportMatcherTests.account, timeZone: .utc)
        let plan = ImportPlan.build(candidates, replica: replica, payDay: 25, currency: .chf, rules: rules, tags: tags)
        let migros = plan.entries[0].draft
        #expect(migros?.name == "Migros" && migros?.budgetId == "b-11" && migros?.budgetLineId == "l11" && migros?.checked == true,
                "the 24th is November's period (pay day 25): \(String(describing: migros))")
        #expect(migros?.tagIds == ["g-1"], "a tag the account has, by its id")
        #expect(plan.entries[1].skip == .rule("compte epargne"))
        let sbb = plan.entries[2].draft
        #expect(sbb?.budgetId == "b-12" && sbb?.budgetLineId == nil && sbb?.checked == false, "the 26th is December's; free, not checked")
        #expect(sbb?.tagIds == ["tag-pending:transports"], "a tag to create first")
        #expect(plan.entries[3].skip == .otherCurrency("EUR"))
        #expect(plan.entries[4].skip == .noBudget(BudgetMonth(year: 2027, month: 3)))
        #expect(plan.toStore.map(\.id) == [candidates[0].clientId, candidates[2].clientId])
    }
}
