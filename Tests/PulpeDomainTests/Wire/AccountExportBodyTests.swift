import Foundation
import Testing
@testable import PulpeDomain

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
