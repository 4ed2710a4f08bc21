import Foundation
import PulpeCore
import PulpeDomain
import Testing
@testable import PulpeImport

/// The one pipeline (issue 60): `pulpe import` and the TUI's review plan a statement with the same
/// call — the matcher, then the plan, with the month's filter before both.
struct StatementImportTests {
    static let noon = ImportMatcherTests.noon

    static let statement = BankStatement(format: .csv, accounts: [
        StatementAccount(account: "CH00 0000", currency: "CHF", opening: 100, closing: 40, operations: [
            BankOperation(date: CalendarDay(year: 2026, month: 11, day: 24)!, amount: 33.1, kind: .expense, name: "MIGROS"),
            BankOperation(date: CalendarDay(year: 2026, month: 11, day: 26)!, amount: 18.6, kind: .expense, name: "SBB Billet"),
        ]),
    ])

    static var inputs: StatementImport.Inputs {
        StatementImport.Inputs(replica: [ImportPlanTests.month(11), ImportPlanTests.month(12)], account: ImportMatcherTests.account,
                               payDay: 25, currency: .chf, rules: [ImportRule(pattern: "sbb", name: "CFF")], tags: [])
    }

    @Test func thePipelineIsTheMatcherThenThePlan() {
        let plan = StatementImport.plan(Self.statement, inputs: Self.inputs, timeZone: .utc)
        let candidates = ImportMatcher.match(Self.statement.operations, replica: Self.inputs.replica, account: Self.inputs.account,
                                             timeZone: .utc)
        let direct = ImportPlan.build(candidates, replica: Self.inputs.replica, payDay: 25, currency: .chf, rules: Self.inputs.rules)
        #expect(plan.reviewRows == direct.reviewRows)
        #expect(plan.reviewRows.map(\.name) == ["MIGROS", "CFF"])
    }

    @Test func aMonthKeepsOnlyItsPayDayPeriod() {
        let december = StatementImport.plan(Self.statement, month: BudgetMonth(year: 2026, month: 12), inputs: Self.inputs, timeZone: .utc)
        #expect(december.reviewRows.map(\.label) == ["SBB Billet"], "the 26th is December's period (pay day 25)")
        let november = StatementImport.plan(Self.statement, month: BudgetMonth(year: 2026, month: 11), inputs: Self.inputs, timeZone: .utc)
        #expect(november.reviewRows.map(\.label) == ["MIGROS"])
    }

    @Test func anAccountThatDoesNotAddUpIsNamed() {
        #expect(StatementImport.unbalancedAccounts(Self.statement) == ["CH00 0000"], "100 − 33.10 − 18.60 ≠ 40")
    }
}
