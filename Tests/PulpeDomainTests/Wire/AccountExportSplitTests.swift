import Foundation
import Testing
@testable import PulpeDomain

/// The export's transactions read straight from the body's bytes give exactly what `JSONDecoder`
/// reads from the whole body, month by month; what the reader is not sure of is left to it.
@Suite struct AccountExportSplitTests {
    static func transaction(_ id: String, _ name: String, _ amount: String, line: String = "null") -> String {
        #"{"id":"\#(id)","createdAt":"2026-01-15T07:00:00+00:00","updatedAt":"2026-01-15T07:00:00.123+00:00","#
            + #""budgetId":"b1","budgetLineId":\#(line),"amount":\#(amount),"name":"\#(name)","kind":"expense","#
            + #""transactionDate":"2026-01-20T10:00:00+00:00","category":null,"checkedAt":null}"#
    }

    static func month(_ id: String, month: Int, transactions: String?) -> String {
        let rows = transactions.map { #","transactions":\#($0)"# } ?? ""
        return #"{"id":"\#(id)","createdAt":"2026-01-15T07:00:00+00:00","updatedAt":"2026-01-15T07:00:00+00:00","#
            + #""userId":"u1","month":\#(month),"year":2026,"description":"","templateId":"t1","rollover":12.5"#
            + rows + #","budgetLines":[\#(BudgetDetailsWireTests.line)]}"#
    }

    static func body(_ months: [String]) -> Data {
        Data(#"{"success":true,"data":{"exportDate":"2026-11-28T00:00:00Z","totalBudgets":\#(months.count),"budgets":[\#(months.joined(separator: ","))]}}"#.utf8)
    }

    static func whole(_ body: Data) -> AccountExportData? {
        try? PulpeJSON.decode(SuccessEnvelope<AccountExportData>.self, from: body).data
    }

    static func read(_ body: Data) -> AccountExportData? {
        guard let split = AccountExportSplit.split(body), let rest = whole(split.remainder),
              rest.months.count == split.transactions.count else { return nil }
        #expect(rest.months.allSatisfy { $0.transactions.isEmpty })
        return AccountExportData(exportDate: rest.exportDate, months: zip(rest.months, split.transactions).map {
            BudgetDetails(budget: $0.budget, transactions: $1, budgetLines: $0.budgetLines)
        })
    }

    @Test func everyMonthReadsAsJSONDecoderReadsIt() throws {
        let body = Self.body([
            Self.month("b1", month: 1, transactions: "[\(Self.transaction("t1", "Migros", "12.35", line: #""l1""#)),"
                       + "\(Self.transaction("t2", #"Café \"du\" coin é"#, "0.1"))]"),
            Self.month("b2", month: 2, transactions: "[]"),
            Self.month("b3", month: 3, transactions: nil),
            Self.month("b4", month: 4, transactions: "[\(Self.transaction("t3", "Loyer", "2150"))]"),
        ])
        let expected = try #require(Self.whole(body))
        #expect(expected.months.map(\.transactions.count) == [2, 0, 0, 1])
        #expect(Self.read(body) == expected)
    }

    @Test func whatItIsNotSureOfIsLeftToJSONDecoder() {
        // A null where the array goes, a key given twice, an exponent in an amount.
        #expect(AccountExportSplit.split(Self.body([Self.month("b1", month: 1, transactions: "null")])) == nil)
        #expect(AccountExportSplit.split(Self.body([Self.month("b1", month: 1, transactions: "[],\"transactions\":[]")])) == nil)
        #expect(AccountExportSplit.split(Self.body([Self.month("b1", month: 1, transactions: "[\(Self.transaction("t1", "A", "1e2"))]")]))
                == nil)
        #expect(AccountExportSplit.split(Data("{\"success\":true,\"data\":{\"budgets\":[]}}".utf8))?.transactions == [])
    }
}
