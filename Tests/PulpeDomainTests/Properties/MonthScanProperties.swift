import Foundation
import PropertyBased
import Testing
@testable import PulpeDomain

/// `MonthScan`, the one-pass figures `BudgetDetails` keeps, gives exactly the numbers of the
/// formulas as written (`BudgetTotals`, `BudgetMath.consumption`, `CheckedFigures`) for any
/// month: lines of any kind (listed twice too), transactions free, allocated to a line of another
/// kind or to no line the month lists, checked or not, amounts with up to six decimals (the
/// `Decimal` path) and whole ones (the integer path).
@Suite("The one-pass month figures, for any month")
struct MonthScanProperties {
    static let budget = Budget(id: "b", createdAt: .distantPast, updatedAt: .distantPast, userId: "u", templateId: nil,
                               month: 11, year: 2026, description: "", rollover: Decimal(string: "-420.6"))

    static let lines = zip(DomainGen.kind, Gen.int(in: 0...2_000_000), Gen.bool, Gen.int(in: 0...9))
        .array(of: 0...9)
        .map { quads in
            quads.map { kind, cents, checked, id in
                BudgetLine(id: "l\(id)", budgetId: "b", name: "Ligne \(id)", amount: DomainGen.decimal(units: cents, scale: 2), kind: kind,
                           checkedAt: checked ? .distantPast : nil, createdAt: .distantPast, updatedAt: .distantPast)
            }
        }

    static let transactions = zip(Gen.int(in: 0...11).optional, DomainGen.kind, Gen.int(in: 1...900_000_000), Gen.int(in: 0...6),
                                  Gen.bool)
        .array(of: 0...40)
        .map { rows in
            rows.enumerated().map { index, row in
                Transaction(id: "t\(index)", createdAt: .distantPast, updatedAt: .distantPast, budgetId: "b",
                            budgetLineId: row.0.map { "l\($0)" }, amount: DomainGen.decimal(units: row.2, scale: row.3),
                            name: "T\(index)", kind: row.1, transactionDate: .distantPast, checkedAt: row.4 ? .distantPast : nil)
            }
        }

    @Test func theScanGivesTheFormulasNumbers() async {
        await propertyCheck(input: Self.lines, Self.transactions) { lines, transactions in
            let scan = MonthScan(budget: Self.budget, transactions: transactions, budgetLines: lines)
            #expect(scan.totals == BudgetTotals(lines: lines, transactions: transactions, rollover: Decimal(string: "-420.6")!))
            #expect(scan.lineConsumptions == lines.map { BudgetMath.consumption(of: $0, transactions: transactions) })
            #expect(scan.checked == CheckedFigures(lines: lines, transactions: transactions))
            #expect(scan.largestAmount == transactions.reduce(Decimal(0)) { max($0, $1.amount) })
        }
    }

    @Test func aMoneySumIsDecimalAddition() async {
        await propertyCheck(input: zip(Gen.int(in: -2_000_000_000...2_000_000_000), Gen.int(in: 0...7)).array(of: 0...50)) { parts in
            let amounts = parts.map { DomainGen.decimal(units: $0.0, scale: $0.1) }
            var sum = MoneySum()
            amounts.forEach { sum.add($0) }
            #expect(sum.total == amounts.reduce(Decimal(0), +))
        }
    }

    @Test func theStoredFormReadsOnThisPlatform() {
        // Else every amount takes `Decimal`'s slower path: still exact, but a 100 000-row gesture misses its frame.
        #expect(MoneyUnits.layoutReads)
        #expect(MoneyUnits.units(Decimal(string: "1234.5")!) == 12_345_000)
        #expect(MoneyUnits.units(Decimal(string: "0.00001")!) == nil, "a fifth decimal is not ten-thousandths")
        #expect(MoneyUnits.units(Decimal(string: "-7")!) == -70_000)
        #expect(MoneyUnits.units(Decimal.nan) == nil)
    }
}
