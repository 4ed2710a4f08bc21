import Foundation
import PulpeDomain
import Testing

/// The month at a glance by docs/contract.md §14.6: « Solde pointé », per day, « Ça dérive ».
struct MonthGlanceTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    static let november = BudgetMonth(year: 2026, month: 11)

    static func line(_ id: String, _ kind: TransactionKind, _ amount: Decimal, checked: Bool = false) -> BudgetLine {
        BudgetLine(id: id, budgetId: "b", name: id.capitalized, amount: amount, kind: kind, checkedAt: checked ? t0 : nil,
                   createdAt: t0, updatedAt: t0)
    }

    static func tx(_ id: String, _ kind: TransactionKind, _ amount: Decimal, line: String? = nil, checked: Bool = false) -> Transaction {
        Transaction(id: id, createdAt: t0, updatedAt: t0, budgetId: "b", budgetLineId: line, amount: amount, name: id, kind: kind,
                    transactionDate: t0, tagIds: [], checkedAt: checked ? t0 : nil)
    }

    static func details(lines: [BudgetLine], transactions: [Transaction], rollover: Decimal = 0) -> BudgetDetails {
        var budget = Budget(id: "b", createdAt: t0, updatedAt: t0, userId: "u", templateId: "tpl", month: 11, year: 2026, description: "")
        budget.rollover = rollover
        return BudgetDetails(budget: budget, transactions: transactions, budgetLines: lines)
    }

    @Test func theCheckedBalanceFollowsTheFormulas() {
        let details = Self.details(
            lines: [Self.line("salaire", .income, 7450, checked: true), Self.line("loyer", .expense, 2150, checked: true),
                    Self.line("courses", .expense, 600), Self.line("epargne", .saving, 500, checked: true)],
            transactions: [Self.tx("remboursement", .income, 50, checked: true), Self.tx("prime", .income, 100),
                           Self.tx("migros", .expense, 45, line: "courses", checked: true),
                           Self.tx("coop", .expense, 30, line: "courses"),
                           Self.tx("extra", .saving, 700, line: "epargne", checked: true),
                           Self.tx("cafe", .expense, 4.5, checked: true), Self.tx("cinema", .expense, 20)])
        let glance = MonthGlance(details, month: Self.november, today: nil, payDay: 25)
        #expect(glance.realizedIncome == 7500, "checked lines and checked income transactions")
        // loyer checked: max(2150, 0); courses unchecked: 45 checked against it; épargne checked: max(500, 700); café free.
        #expect(glance.realizedExpenses == 2150 + 45 + 700 + 4.5)
        #expect(glance.realized == 7500 - 2899.5)
        #expect(glance.daysLeft == nil && glance.perDay == nil, "no today: no per day")
    }

    @Test func perDayCountsTodayUpToThePeriodsLastDay() {
        let details = Self.details(lines: [Self.line("salaire", .income, 3100)], transactions: [])
        // Pay day 25: November runs 25.10.–24.11.; on the 21st, 4 days are left (21, 22, 23, 24).
        let glance = MonthGlance(details, month: Self.november, today: CalendarDay(year: 2026, month: 11, day: 21), payDay: 25)
        #expect(glance.lastDay == CalendarDay(year: 2026, month: 11, day: 24))
        #expect(glance.daysLeft == 4)
        #expect(glance.perDay == 775)
        let lastDay = MonthGlance(details, month: Self.november, today: CalendarDay(year: 2026, month: 11, day: 24), payDay: 25)
        #expect(lastDay.daysLeft == 1 && lastDay.perDay == 3100)
        let thirds = MonthGlance(Self.details(lines: [Self.line("salaire", .income, 100)], transactions: []), month: Self.november,
                                 today: CalendarDay(year: 2026, month: 11, day: 22), payDay: 25)
        #expect(thirds.perDay == Decimal(string: "33.33"), "rounded down to the centime")
    }

    @Test func perDayIsZeroInTheRedAndAbsentOutsideThePeriod() {
        let red = Self.details(lines: [Self.line("loyer", .expense, 2150)], transactions: [])
        let glance = MonthGlance(red, month: Self.november, today: CalendarDay(year: 2026, month: 11, day: 1), payDay: 25)
        #expect(glance.perDay == 0)
        let past = MonthGlance(red, month: Self.november, today: CalendarDay(year: 2026, month: 12, day: 1), payDay: 25)
        #expect(past.daysLeft == nil, "another period")
        let calendar = MonthGlance(red, month: Self.november, today: CalendarDay(year: 2026, month: 11, day: 30), payDay: 1)
        #expect(calendar.daysLeft == 1 && calendar.lastDay == CalendarDay(year: 2026, month: 11, day: 30))
    }

    @Test func driftIsExpenseLinesOverTheirAmountBiggestFirst() {
        let details = Self.details(
            lines: [Self.line("courses", .expense, 600), Self.line("loisirs", .expense, 100), Self.line("vide", .expense, 0),
                    Self.line("epargne", .saving, 100), Self.line("ok", .expense, 500)],
            transactions: [Self.tx("a", .expense, 620, line: "courses"), Self.tx("b", .expense, 190, line: "loisirs", checked: true),
                           Self.tx("c", .expense, 5, line: "vide"), Self.tx("d", .saving, 900, line: "epargne"),
                           Self.tx("e", .expense, 499, line: "ok")])
        let glance = MonthGlance(details, month: Self.november, today: nil, payDay: 25)
        #expect(glance.drift.map(\.name) == ["Loisirs", "Courses", "Vide"], "checked or not; savings never drift")
        #expect(glance.drift.map(\.overrun) == [90, 20, 5])
        #expect(glance.driftTotal == 115)
    }
}
