import Foundation
import GRDB
import PulpeDomain

/// The replica summed by SQLite for the reports and the forecast (issue 61, decision 118): each
/// month's budget and prévisions, and in place of its transactions one row per prévision, kind
/// and set of tags carrying what they add up to — all a planned-against-actual report, a cash flow
/// or a forecast reads of them. Summed in cents, exactly, when every stored amount has at most two
/// decimals (else nil: the caller reads the rows); the months of `whole` (what waits in the outbox
/// touches them) come with their own rows.
extension CacheStore {
    public func summedMonths(scope: CacheScope, whole: Set<BudgetMonth>) -> [BudgetDetails]? {
        read("sum the cached months") { db -> [BudgetDetails]? in
            var months: [String: (month: BudgetMonth, details: BudgetDetails)] = [:]
            var summed: Set<String> = []
            for row in try Row.fetchAll(db, sql: """
                SELECT key, payload FROM cacheEntry WHERE serverKey = ? AND userId = ? AND kind = 'month' AND payload IS NOT NULL
                """, arguments: [scope.serverKey, scope.userId]) {
                let key: String = row[0]
                guard let month = CacheKey.month(ofKey: key), let payload: Data = row[1],
                      var details = try? PulpeJSON.decode(BudgetDetails.self, from: payload) else { continue }
                if whole.contains(month) {
                    if details.transactions.isEmpty { details.transactions = try CachedTransactionRows.fetch(monthKey: key, scope: scope, in: db) }
                } else if details.transactions.isEmpty {
                    summed.insert(key)
                }
                months[key] = (month, details)
            }
            var sums: [String: [Transaction]] = [:]
            let rows = try Row.fetchCursor(db, sql: """
                SELECT monthKey, budgetId, budgetLineId, kind, tagIds, SUM(CAST(round(CAST(amount AS REAL) * 100) AS INTEGER)),
                  MIN(transactionDate),
                  MAX(instr(amount, 'e') + instr(amount, 'E') > 0 OR (instr(amount, '.') > 0 AND length(amount) - instr(amount, '.') > 2))
                FROM cachedTransaction WHERE serverKey = ? AND userId = ?
                GROUP BY monthKey, budgetId, budgetLineId, kind, tagIds
                """, arguments: [scope.serverKey, scope.userId])
            while let row = try rows.next() {
                // More than two decimals somewhere: not summed in cents.
                if (row[7] as Int?) == 1 { return nil }
                let key: String = row[0]
                guard summed.contains(key), let kind = (row[3] as String?).flatMap(TransactionKind.init(rawValue:)),
                      let cents: Int64 = row[5], let dated = (row[6] as Double?).flatMap(StoredDate.sinceReferenceDate) else { continue }
                let tags: String = row[4] ?? ""
                sums[key, default: []].append(Transaction(
                    id: "sum-\(key)-\(sums[key]?.count ?? 0)", createdAt: dated, updatedAt: dated, budgetId: row[1] ?? "",
                    budgetLineId: row[2], amount: Decimal(cents) / 100, name: "", kind: kind, transactionDate: dated,
                    tagIds: tags.isEmpty ? [] : tags.split(separator: CachedTransactionRows.tagSeparator).map(String.init)))
            }
            return months.keys.sorted().compactMap { key -> BudgetDetails? in
                guard var details = months[key]?.details else { return nil }
                if summed.contains(key) { details.transactions = sums[key] ?? [] }
                return details
            }
        } ?? nil
    }
}
