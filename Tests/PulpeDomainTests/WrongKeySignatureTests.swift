import Foundation
import PulpeDomain
import Testing

/// What an answer read with a wrong key looks like (every amount 0 where the cache had figures),
/// and the durations `key_ttl` / `lock_after` take (decisions 36 and 43).
struct WrongKeySignatureTests {
    static func details(lines: [Decimal], transactions: [Decimal]) -> BudgetDetails {
        let budget = Budget(id: "b", createdAt: .distantPast, updatedAt: .distantPast, userId: "u", templateId: "t",
                            month: 11, year: 2026, description: "")
        return BudgetDetails(
            budget: budget,
            transactions: transactions.enumerated().map { index, amount in
                Transaction(id: "t\(index)", createdAt: .distantPast, updatedAt: .distantPast, budgetId: "b", amount: amount,
                            name: "T\(index)", kind: .expense, transactionDate: .distantPast, tagIds: [], checkedAt: nil)
            },
            budgetLines: lines.enumerated().map { index, amount in
                BudgetLine(id: "l\(index)", budgetId: "b", name: "L\(index)", amount: amount, kind: .expense,
                           createdAt: .distantPast, updatedAt: .distantPast)
            })
    }

    @Test func allZerosWhereTheCacheHadFiguresIsSuspect() {
        let cached = Self.details(lines: [2150, 600], transactions: [45.5])
        #expect(WrongKeySignature.looksZeroed(Self.details(lines: [0, 0], transactions: [0]), comparedTo: cached))
        #expect(WrongKeySignature.looksZeroed(Self.details(lines: [0, 0, 0], transactions: []), comparedTo: cached),
                "rows may differ: the amounts say it")
    }

    @Test func anythingElseIsTrusted() {
        let cached = Self.details(lines: [2150], transactions: [45.5])
        #expect(!WrongKeySignature.looksZeroed(Self.details(lines: [2150], transactions: [0]), comparedTo: cached),
                "one real amount: the key is right")
        #expect(!WrongKeySignature.looksZeroed(Self.details(lines: [0], transactions: [0]), comparedTo: nil),
                "nothing cached to compare with")
        #expect(!WrongKeySignature.looksZeroed(Self.details(lines: [0], transactions: [0]),
                                               comparedTo: Self.details(lines: [0], transactions: [])),
                "the cache was all zeros too")
        #expect(!WrongKeySignature.looksZeroed(Self.details(lines: [], transactions: []), comparedTo: cached),
                "an empty month proves nothing")
    }

    @Test func aYearListOfZerosWhereTheCacheHadFiguresIsSuspect() {
        let cached = [BudgetSummary(id: "a", month: 10, year: 2026, remaining: 584.31),
                      BudgetSummary(id: "b", month: 11, year: 2026, remaining: 0)]
        let zeros = [BudgetSummary(id: "a", month: 10, year: 2026, totalExpenses: 0, remaining: 0, rollover: 0),
                     BudgetSummary(id: "b", month: 11, year: 2026, remaining: 0)]
        #expect(WrongKeySignature.looksZeroed(zeros, comparedTo: cached))
        #expect(!WrongKeySignature.looksZeroed(zeros, comparedTo: nil))
        #expect(!WrongKeySignature.looksZeroed([], comparedTo: cached))
        #expect(!WrongKeySignature.looksZeroed([BudgetSummary(id: "a", month: 10, year: 2026, remaining: -3)], comparedTo: cached))
    }
}
