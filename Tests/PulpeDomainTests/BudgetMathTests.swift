import Foundation
import Testing
@testable import PulpeDomain

@Suite("Formulas (§10)")
struct BudgetMathTests {
    let none: [Entry] = []

    // MARK: Worked examples of §10

    @Test func income5000Expense4500() {
        let totals = BudgetTotals(lines: [Line("i", .income, "5000"), Line("e", .expense, "4500")], transactions: none, rollover: 0)
        #expect(totals.available == dec("5000"))
        #expect(totals.remaining == dec("500"))
    }

    @Test func income5200Expense4800Rollover500() {
        let totals = BudgetTotals(lines: [Line("i", .income, "5200"), Line("e", .expense, "4800")], transactions: none, rollover: dec("500"))
        #expect(totals.available == dec("5700"))
        #expect(totals.remaining == dec("900"))
        #expect(totals.ownDelta == dec("400"))
    }

    @Test func savingsCountAsExpenses() {
        let totals = BudgetTotals(lines: [Line("i", .income, "5000"), Line("e", .expense, "3000"), Line("s", .saving, "1000")],
                                  transactions: none, rollover: 0)
        #expect(totals.totalExpenses == dec("4000"))
        #expect(totals.totalSavings == dec("1000"))
        #expect(totals.remaining == dec("1000"))
    }

    @Test func envelopeNotExceeded() {
        let lines = [Line("e", .expense, "500")]
        let txs = [Entry("e", .expense, "100")]
        #expect(BudgetMath.totalExpenses(lines: lines, transactions: txs) == dec("500"))
        let use = BudgetMath.consumption(of: lines[0], transactions: txs)
        #expect(use.consumed == dec("100"))
        #expect(use.planned == dec("500"))
        #expect(use.overage == 0)
        #expect(use.left == dec("400"))
        #expect(use.ratio == dec("0.2"))
        #expect(!use.isOver)
    }

    @Test func overageCounts() {
        let lines = [Line("e", .expense, "100")]
        let txs = [Entry("e", .expense, "88"), Entry("e", .expense, "50"), Entry("e", .expense, "50")]
        #expect(BudgetMath.totalExpenses(lines: lines, transactions: txs) == dec("188"))
        let use = BudgetMath.consumption(of: lines[0], transactions: txs)
        #expect(use.consumed == dec("188"))
        #expect(use.overage == dec("88"))
        #expect(use.effective == dec("188"))
        #expect(use.left == 0)
        #expect(use.isOver)
        #expect(use.ratio == dec("1.88"))
    }

    @Test func negativeRolloverAndDeficit() {
        #expect(BudgetMath.available(totalIncome: dec("5000"), rollover: dec("-5000")) == 0)
        let totals = BudgetTotals(lines: [Line("i", .income, "5000"), Line("e", .expense, "5500")], transactions: none, rollover: 0)
        #expect(totals.remaining == dec("-500"))
        #expect(totals.health == .deficit)
    }

    // MARK: Envelope details

    @Test func freeTransactionsAddUp() {
        let lines = [Line("i", .income, "1000"), Line("e", .expense, "200")]
        let txs = [Entry(nil, .expense, "12.5"), Entry(nil, .saving, "100"), Entry(nil, .income, "50.05"), Entry("e", .expense, "150")]
        #expect(BudgetMath.totalIncome(lines: lines, transactions: txs) == dec("1050.05"))
        #expect(BudgetMath.totalExpenses(lines: lines, transactions: txs) == dec("312.5"))
        #expect(BudgetMath.totalSavings(lines: lines, transactions: txs) == dec("100"))
        #expect(BudgetMath.ownDelta(lines: lines, transactions: txs) == dec("737.55"))
    }

    @Test func envelopeForKindSetFiltersTransactionKinds() {
        // A saving transaction on an expense line counts for {expense, saving} but not for {expense}.
        let lines = [Line("e", .expense, "100")]
        let txs = [Entry("e", .expense, "80"), Entry("e", .saving, "70")]
        #expect(BudgetMath.envelopeTotal(for: [.expense, .saving], lines: lines, transactions: txs) == dec("150"))
        #expect(BudgetMath.envelopeTotal(for: [.expense], lines: lines, transactions: txs) == dec("100"))
        #expect(BudgetMath.envelopeTotal(for: [.saving], lines: lines, transactions: txs) == 0)
        // Consumption only counts the line's own kind.
        #expect(BudgetMath.consumption(of: lines[0], transactions: txs).consumed == dec("80"))
    }

    @Test func orphanAllocationsCountNowhere() {
        let lines = [Line("e", .expense, "100")]
        let txs = [Entry("gone", .expense, "40")]
        #expect(BudgetMath.totalExpenses(lines: lines, transactions: txs) == dec("100"))
    }

    @Test func emptyMonth() {
        let totals = BudgetTotals(lines: [Line](), transactions: none, rollover: 0)
        #expect(totals == BudgetTotals(totalIncome: 0, totalExpenses: 0, totalSavings: 0, rollover: 0))
        #expect(totals.remaining == 0)
        #expect(totals.health == .tight)
        #expect(BudgetMath.consumption(of: Line("z", .expense, "0"), transactions: none).ratio == nil)
    }

    @Test func centsStayExact() {
        let lines = [Line("i", .income, "0.3")]
        let txs = [Entry(nil, .expense, "0.1"), Entry(nil, .expense, "0.2")]
        #expect(BudgetTotals(lines: lines, transactions: txs, rollover: 0).remaining == 0)
    }

    // MARK: Health

    @Test("health thresholds", arguments: [
        ("1000", "0", "0", BudgetHealth.comfortable),
        ("1000", "799.99", "0", .comfortable),
        ("1000", "800", "0", .tight),
        ("1000", "1000", "0", .tight),
        ("1000", "1000.01", "0", .deficit),
        ("0", "0", "0", .tight),
        ("0", "0", "100", .comfortable),   // rollover makes money available
        ("5000", "0", "-5000", .tight),    // available 0, nothing spent
        ("100", "0", "-5000", .deficit),
    ])
    func health(income: String, expenses: String, rollover: String, expected: BudgetHealth) {
        let totals = BudgetTotals(totalIncome: dec(income), totalExpenses: dec(expenses), totalSavings: 0, rollover: dec(rollover))
        #expect(totals.health == expected)
    }

    @Test func healthWithInconsistentInputs() {
        // available ≤ 0 but remaining ≥ 0 passed directly: tight.
        #expect(BudgetHealth(remaining: 0, totalExpenses: 0, available: dec("-10")) == .tight)
        #expect(BudgetHealth(remaining: dec("-0.01"), totalExpenses: 0, available: 0) == .deficit)
        #expect(BudgetHealth.tightRatio == dec("0.8"))
    }

    // MARK: Rollover chain

    @Test func rolloverChainWithGaps() {
        let deltas = [
            MonthDelta(month: BudgetMonth(year: 2026, month: 3), ownDelta: dec("-200")),
            MonthDelta(month: BudgetMonth(year: 2025, month: 11), ownDelta: dec("500")),
            MonthDelta(month: BudgetMonth(year: 2026, month: 1), ownDelta: dec("300.50")),
            MonthDelta(month: BudgetMonth(year: 2026, month: 4), ownDelta: dec("0")),
        ]
        let chain = BudgetMath.balances(for: deltas)
        #expect(chain.map(\.month) == [BudgetMonth(year: 2025, month: 11), BudgetMonth(year: 2026, month: 1),
                                       BudgetMonth(year: 2026, month: 3), BudgetMonth(year: 2026, month: 4)])
        #expect(chain.map(\.rollover) == [0, dec("500"), dec("800.5"), dec("600.5")])
        #expect(chain.map(\.remaining) == [dec("500"), dec("800.5"), dec("600.5"), dec("600.5")])
        #expect(BudgetMath.rollover(for: BudgetMonth(year: 2026, month: 3), in: deltas) == dec("800.5"))
        #expect(BudgetMath.rollover(for: BudgetMonth(year: 2026, month: 2), in: deltas) == dec("800.5"))
        #expect(BudgetMath.rollover(for: BudgetMonth(year: 2025, month: 11), in: deltas) == 0)
        #expect(BudgetMath.balances(for: []).isEmpty)
    }

    @Test func rolloverMatchesDetailsExample() {
        // §10: income 5200, expense 4800, rollover 500 → remaining 900 = cumulative balance.
        let chain = BudgetMath.balances(for: [
            MonthDelta(month: BudgetMonth(year: 2026, month: 1), ownDelta: dec("500")),
            MonthDelta(month: BudgetMonth(year: 2026, month: 2), ownDelta: dec("400")),
        ])
        #expect(chain[1].rollover == dec("500"))
        #expect(chain[1].remaining == dec("900"))
    }

    @Test func closingBalanceIsLatestMonthsRemaining() {
        let chain = BudgetMath.balances(for: [
            MonthDelta(month: BudgetMonth(year: 2025, month: 12), ownDelta: dec("1000")),
            MonthDelta(month: BudgetMonth(year: 2026, month: 1), ownDelta: dec("200")),
            MonthDelta(month: BudgetMonth(year: 2026, month: 5), ownDelta: dec("-50")),
            MonthDelta(month: BudgetMonth(year: 2027, month: 1), ownDelta: dec("10")),
        ])
        // Not the sum of 2026's deltas (150): the cumulative remaining of May 2026.
        #expect(BudgetMath.closingBalance(ofYear: 2026, balances: chain) == dec("1150"))
        #expect(BudgetMath.closingBalance(ofYear: 2025, balances: chain) == dec("1000"))
        #expect(BudgetMath.closingBalance(ofYear: 2024, balances: chain) == nil)
        let sparse: [BudgetMonth: Decimal] = [
            BudgetMonth(year: 2026, month: 11): dec("1234.56"),
            BudgetMonth(year: 2026, month: 2): dec("99"),
            BudgetMonth(year: 2027, month: 1): dec("5"),
        ]
        #expect(BudgetMath.closingBalance(ofYear: 2026, remainingByMonth: sparse) == dec("1234.56"))
        #expect(BudgetMath.closingBalance(ofYear: 2028, remainingByMonth: sparse) == nil)
    }
}
