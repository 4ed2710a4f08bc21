import Foundation
import PulpeDomain
@testable import PulpeStore

/// Test data and helpers shared by the cache suites.
enum Fixtures {
    static let server = "https://api.pulpe.app/api/v1"
    static let ana = CacheScope(serverKey: server, userId: "user-ana")
    static let ben = CacheScope(serverKey: server, userId: "user-ben")
    static let anaOnSandbox = CacheScope(serverKey: "http://127.0.0.1:8080/api/v1", userId: "user-ana")

    static let november = BudgetMonth(year: 2026, month: 11)
    /// Whole seconds: timestamps go through the wire format (microseconds) unchanged.
    static let t0 = Date(timeIntervalSince1970: 1_795_000_000)
    /// Not whole: `fetchedAt` is stored as a number, not in the wire format, and must survive exactly.
    static let fetched = Date(timeIntervalSince1970: 1_795_100_000.123_456)

    static func amount(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

    /// A details payload with amounts that a `Double` round trip would damage.
    static func details(month: BudgetMonth = november, transactionCount: Int = 3) -> BudgetDetails {
        let budgetId = "budget-\(month)"
        let budget = Budget(id: budgetId, createdAt: t0, updatedAt: t0, userId: "user-ana", templateId: "tpl-1",
                            month: month.month, year: month.year, description: "Mois de test",
                            endingBalance: amount("-12.34"), rollover: amount("1234.56"), previousBudgetId: nil)
        let line = BudgetLine(id: "line-1", budgetId: budgetId, name: "Courses", amount: amount("600.05"),
                              kind: .expense, createdAt: t0, updatedAt: t0)
        let transactions = (0..<transactionCount).map { index in transaction(index, budgetId: budgetId) }
        return BudgetDetails(budget: budget, transactions: transactions, budgetLines: [line])
    }

    /// Amounts cycle through 1234.56, 0.1 and 0.2, plus a cent per full cycle, so they stay distinct.
    static func transaction(_ index: Int, budgetId: String) -> Transaction {
        let base: [Decimal] = [amount("1234.56"), amount("0.1"), amount("0.2")]
        let cents = Decimal(index / base.count) / 100
        let lineId: String? = index.isMultiple(of: 2) ? "line-1" : nil
        let kind: TransactionKind = index % 5 == 4 ? .income : .expense
        let checkedAt: Date? = index.isMultiple(of: 3) ? t0 : nil
        return Transaction(id: "tx-\(index)", createdAt: t0, updatedAt: t0, budgetId: budgetId, budgetLineId: lineId,
                           amount: base[index % base.count] + cents, name: "Dépense \(index)", kind: kind,
                           transactionDate: t0.addingTimeInterval(Double(index) * 60), checkedAt: checkedAt)
    }

    static let yearList = [
        BudgetSummary(id: "b-1", month: 1, year: 2026, remaining: amount("0.1")),
        BudgetSummary(id: "b-2", month: 2, year: 2026, remaining: amount("-1234.56")),
        BudgetSummary(id: "b-11", month: 11, year: 2026, remaining: amount("99999.99")),
    ]

    /// A folder of its own under the temporary directory; the caller removes it.
    static func temporaryFolder() -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-store-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func mode(of path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int
    }
}
