import Foundation
import PropertyBased
import Testing
@testable import PulpeDomain

/// §10 for any budget, not just the worked examples: the identities the month panel, the year grid
/// and « Disponible à dépenser » rely on.
@Suite("Formulas (§10), for any budget")
struct FormulaProperties {
    @Test func remainingIsAvailableMinusExpensesAndAvailableIsIncomePlusRollover() async {
        await propertyCheck(input: DomainGen.lines, DomainGen.transactions, DomainGen.millis) { lines, entries, rolloverUnits in
            let rollover = DomainGen.decimal(units: rolloverUnits, scale: 3)
            let totals = BudgetTotals(lines: lines, transactions: entries, rollover: rollover)
            #expect(totals.available == totals.totalIncome + rollover)
            #expect(totals.remaining == totals.available - totals.totalExpenses)
            #expect(totals.remaining == rollover + totals.ownDelta)
            #expect((totals.health == .deficit) == (totals.remaining < 0))
        }
    }

    @Test func theOrderOfLinesAndTransactionsChangesNothing() async {
        await propertyCheck(input: DomainGen.lines, DomainGen.transactions) { lines, entries in
            let totals = BudgetTotals(lines: lines, transactions: entries, rollover: 0)
            let shuffledEntries = entries.sorted { "\($0)" < "\($1)" }
            #expect(BudgetTotals(lines: lines.reversed(), transactions: shuffledEntries, rollover: 0) == totals)
        }
    }

    /// An envelope never counts less than what was planned, nor less than what was spent, nor more
    /// than both together (when every allocation points at a line of its own kind, as the server's do).
    @Test func expensesLieBetweenThePlanAndThePlanPlusWhatWasSpent() async {
        await propertyCheck(input: DomainGen.lines, DomainGen.transactions) { lines, raw in
            let entries = Self.allocatedToTheirOwnKind(raw, lines: lines)
            let outflowLines = lines.filter { $0.kind.isOutflow }
            let outflowEntries = entries.filter { $0.kind.isOutflow }
            let planned = outflowLines.reduce(Decimal(0)) { $0 + $1.amount }
            let spent = outflowEntries.reduce(Decimal(0)) { $0 + $1.amount }
            let total = BudgetMath.totalExpenses(lines: lines, transactions: entries)
            #expect(total >= planned)
            #expect(total >= spent)
            #expect(total <= planned + spent)
            // Savings count as expenses, and nothing else does.
            let expensesOnly = BudgetMath.envelopeTotal(for: [.expense], lines: lines, transactions: entries)
            #expect(total == expensesOnly + BudgetMath.totalSavings(lines: lines, transactions: entries))
        }
    }

    /// What a quick-add does to the month: a free expense of x takes exactly x off « Disponible ».
    @Test func aFreeExpenseTakesExactlyItsAmountOffTheRemaining() async {
        await propertyCheck(input: DomainGen.lines, DomainGen.transactions, DomainGen.amount) { lines, entries, amount in
            let before = BudgetTotals(lines: lines, transactions: entries, rollover: 0)
            let after = BudgetTotals(lines: lines, transactions: entries + [PropertyEntry(budgetLineId: nil, kind: .expense, amount: amount)],
                                     rollover: 0)
            #expect(after.totalExpenses == before.totalExpenses + amount)
            #expect(after.remaining == before.remaining - amount)
            #expect(after.totalIncome == before.totalIncome)
        }
    }

    /// Allocated to an envelope, an expense costs between nothing (still inside the plan) and its amount.
    @Test func anAllocatedExpenseCostsAtMostItsAmount() async {
        await propertyCheck(input: DomainGen.lines, DomainGen.transactions, DomainGen.amount, Gen.int(in: 0...7)) { lines, entries, amount, pick in
            let expenseLines = lines.filter { $0.kind == .expense }
            guard !expenseLines.isEmpty else { return }
            let line = expenseLines[pick % expenseLines.count]
            let before = BudgetMath.totalExpenses(lines: lines, transactions: entries)
            let after = BudgetMath.totalExpenses(lines: lines, transactions: entries + [PropertyEntry(budgetLineId: line.id, kind: .expense, amount: amount)])
            #expect(after >= before)
            #expect(after <= before + amount)
        }
    }

    /// The rollover chain: each budget carries the sum of every earlier own delta, so the last
    /// budget's remaining is the sum of all of them, whatever order the list came in.
    @Test func theRolloverChainCarriesEveryEarlierDelta() async {
        let deltas = zip(Gen.int(in: 0...240), DomainGen.millis).array(of: 0...24).map { pairs in
            // Distinct months (a month has one budget), in the order they were generated.
            var seen = Set<Int>()
            return pairs.compactMap { pair -> MonthDelta? in
                guard seen.insert(pair.0).inserted else { return nil }
                return MonthDelta(month: BudgetMonth(monthIndex: 2020 * 12 + pair.0), ownDelta: DomainGen.decimal(units: pair.1, scale: 3))
            }
        }
        await propertyCheck(input: deltas) { deltas in
            let chain = BudgetMath.balances(for: deltas)
            #expect(chain.count == deltas.count)
            #expect(chain.map(\.month) == deltas.map(\.month).sorted())
            #expect(chain.first?.rollover ?? 0 == 0)
            for (earlier, later) in zip(chain, chain.dropFirst()) {
                #expect(later.rollover == earlier.rollover + earlier.ownDelta)
            }
            let total = deltas.reduce(Decimal(0)) { $0 + $1.ownDelta }
            #expect(chain.last?.remaining ?? 0 == total)
            for balance in chain {
                #expect(BudgetMath.rollover(for: balance.month, in: deltas) == balance.rollover)
            }
            #expect(BudgetMath.balances(for: deltas.reversed()) == chain)
        }
    }

    /// Points each allocated transaction at an existing line of its own kind, or frees it.
    static func allocatedToTheirOwnKind(_ entries: [PropertyEntry], lines: [PropertyLine]) -> [PropertyEntry] {
        entries.map { entry in
            var entry = entry
            if let id = entry.budgetLineId {
                entry.budgetLineId = lines.first { $0.id == id && $0.kind == entry.kind }?.id
            }
            return entry
        }
    }
}
