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

/// The sandbox's export body written straight into bytes is `PulpeJSON.encoder`'s, byte for byte.
@Suite struct AccountExportBodyTests {
    static func transaction(_ index: Int, name: String, line: String?, checked: Bool, tags: [String]) -> Transaction {
        let t0 = Date(timeIntervalSince1970: 1_795_000_000.123_456)
        return Transaction(id: "t-\(index)", createdAt: t0, updatedAt: t0.addingTimeInterval(0.5), budgetId: "b-\(index / 3)",
                           budgetLineId: line, amount: Decimal(string: ["12.35", "0.1", "2150", "-3.5", "1234567.89"][index % 5])!,
                           name: name, kind: index.isMultiple(of: 4) ? .income : .expense,
                           transactionDate: t0.addingTimeInterval(Double(index) * 86_400), tagIds: tags, checkedAt: checked ? t0 : nil)
    }

    @Test func theSameBytesAsTheEncoder() throws {
        let names = ["Migros", "Café « du coin »", "a/b \"c\" \\d", "tab\there\nnew", "\u{1}\u{1f}\u{8}\u{c}\r", "", "😀 ü"]
        let months = (0..<3).map { month -> BudgetDetails in
            let stamp = Date(timeIntervalSince1970: 1_795_000_000)
            let budget = Budget(id: "b-\(month)", createdAt: stamp, updatedAt: stamp, userId: "u", templateId: "tpl", month: month + 1,
                                year: 2026, description: "Mois \"\(month)\"", rollover: Decimal(12))
            let rows = month == 1 ? [] : names.indices.map { index in
                Self.transaction(month * 10 + index, name: names[index], line: index.isMultiple(of: 2) ? "l-1" : nil,
                                 checked: index.isMultiple(of: 3), tags: index == 2 ? ["x", "y/z"] : [])
            }
            return BudgetDetails(budget: budget, transactions: rows, budgetLines: [])
        }
        let export = AccountExportData(exportDate: "2026-11-28T05:00:00.000000+00:00", months: months)
        let expected = try PulpeJSON.encode(SuccessEnvelope(data: export))
        let written = try export.successBody()
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }
}
