import Foundation
import Testing
@testable import PulpeDomain

/// Planned against actual (issue 61): per prévision with the envelope rule (what is allocated to
/// it), the free transactions « hors prévision » per kind, by kind, by tag (signed), the overrun
/// per month and the months over; a query keeps transactions, never the plan.
struct BudgetReportTests {
    static let noon = Date(timeIntervalSince1970: 1_780_000_000)

    static func month(_ month: Int, lines: [BudgetLine], transactions: [Transaction]) -> BudgetDetails {
        BudgetDetails(budget: Budget(id: "b-\(month)", createdAt: noon, updatedAt: noon, userId: "u", templateId: "t", month: month,
                                     year: 2026, description: ""), transactions: transactions, budgetLines: lines)
    }

    static func line(_ id: String, _ name: String, _ amount: Decimal, _ kind: TransactionKind, month: Int, tags: [String] = []) -> BudgetLine {
        BudgetLine(id: id, budgetId: "b-\(month)", name: name, amount: amount, kind: kind, recurrence: .fixed, tagIds: tags,
                   createdAt: noon, updatedAt: noon)
    }

    static func spend(_ id: String, _ amount: Decimal, _ kind: TransactionKind = .expense, line: String? = nil, month: Int,
                      tags: [String] = []) -> Transaction {
        Transaction(id: id, createdAt: noon, updatedAt: noon, budgetId: "b-\(month)", budgetLineId: line, amount: amount, name: id,
                    kind: kind, transactionDate: noon, tagIds: tags)
    }

    static let months = [
        month(10, lines: [line("s10", "Salaire", 7000, .income, month: 10), line("e10", "Épicerie", 400, .expense, month: 10, tags: ["t1"])],
              transactions: [spend("a", 7000, .income, line: "s10", month: 10), spend("b", 450, line: "e10", month: 10, tags: ["t1"]),
                             spend("c", 30, month: 10, tags: ["t1"])]),
        month(11, lines: [line("s11", "Salaire", 7000, .income, month: 11), line("e11", "Épicerie", 400, .expense, month: 11)],
              transactions: [spend("d", 6900, .income, line: "s11", month: 11), spend("e", 380, line: "e11", month: 11),
                             spend("f", 12, .income, month: 11)]),
    ]
    static let range = [BudgetMonth(year: 2026, month: 10), BudgetMonth(year: 2026, month: 11)]

    @Test func byPrevisionWithTheEnvelopeRuleAndTheFreeOnesPerKind() {
        let report = BudgetReport.build(Self.months, months: Self.range, by: .line)
        let rows = Dictionary(report.rows.map { ($0.key + "/" + ($0.kind?.rawValue ?? ""), $0) }, uniquingKeysWith: { first, _ in first })
        let grocery = rows["Épicerie/expense"]
        #expect(grocery?.plannedTotal == 800 && grocery?.actualTotal == 830)
        #expect(grocery?.overrun(in: Self.range[0]) == 50 && grocery?.overrun(in: Self.range[1]) == 0)
        #expect(grocery?.monthsOver(Self.range) == [Self.range[0]])
        #expect(rows["Salaire/income"]?.overrun(in: Self.range[1]) == 0, "income is never « over »")
        #expect(rows["hors prévision/expense"]?.actual == [Self.range[0]: 30])
        #expect(rows["hors prévision/income"]?.actual == [Self.range[1]: 12])
        #expect(report.months == Self.range)
    }

    @Test func byKindAndByTag() {
        let kinds = BudgetReport.build(Self.months, months: Self.range, by: .kind)
        #expect(kinds.rows.first { $0.kind == .expense }?.actual == [Self.range[0]: 480, Self.range[1]: 380])
        #expect(kinds.rows.first { $0.kind == .income }?.planned == [Self.range[0]: 7000, Self.range[1]: 7000])
        let tags = BudgetReport.build(Self.months, months: Self.range, by: .tag, tagNames: ["t1": "Courses"])
        #expect(tags.rows.map(\.key) == ["Courses"])
        #expect(tags.rows.first?.planned == [Self.range[0]: -400] && tags.rows.first?.actual == [Self.range[0]: -480])
    }

    @Test func aQueryKeepsTransactionsNeverThePlan() {
        let report = BudgetReport.build(Self.months, months: [Self.range[1]], by: .line) { transaction, _, _ in transaction.amount < 1000 }
        let salary = report.rows.first { $0.key == "Salaire" }
        #expect(salary?.planned == [Self.range[1]: 7000] && salary?.actual == [:])
        #expect(!report.rows.contains { $0.actual[Self.range[0]] != nil }, "a month not asked is not counted")
    }

    @Test func theJSONShape() {
        let report = BudgetReport.build(Self.months, months: [Self.range[1]], by: .kind)
        #expect(BudgetReportOutput.json(report) == #"{"months":["2026-11"],"rows":[{"key":"income","kind":"income","planned":{"2026-11":"7000.00"},"actual":{"2026-11":"6912.00"}},{"key":"expense","kind":"expense","planned":{"2026-11":"400.00"},"actual":{"2026-11":"380.00"}}]}"#)
    }
}
