import Foundation
import GRDB
import PulpeDomain

/// `pulpe query` over the replica in SQL (issue 61, decision 118): the month entries (their
/// budget and prévisions, a few dozen rows each) are read whole, but of the transactions only the
/// rows the query's `QueryPrefilter` lets through — SQLite tests the names with `pulpe_contains`
/// (as the search), the kind, the amount, the day, the budget month and « pointé » on the stored
/// columns. A prefilter only ever keeps too much; the query decides each row read.
extension CacheStore {
    /// Every cached month of `scope` that may hold an answer, each with its budget and prévisions and
    /// only its candidate transactions; the months of `whole` (what waits in the outbox touches
    /// them) with all of theirs. Nil when the cache cannot be read.
    public func queryMonths(_ prefilter: QueryPrefilter, scope: CacheScope, whole: Set<BudgetMonth>) -> [BudgetDetails]? {
        read("query the cached months") { db -> [BudgetDetails] in
            var result: [BudgetMonth: BudgetDetails] = [:]
            var candidates: [String: BudgetDetails] = [:]
            var lineIds: [[UInt8]: [String]] = [:]
            let entries = try Row.fetchAll(db, sql: """
                SELECT key, payload FROM cacheEntry
                WHERE serverKey = ? AND userId = ? AND kind = 'month' AND payload IS NOT NULL
                """, arguments: [scope.serverKey, scope.userId])
            for entry in entries {
                let key: String = entry[0]
                guard let month = CacheKey.month(ofKey: key), let payload: Data = entry[1],
                      var details = try? PulpeJSON.decode(BudgetDetails.self, from: payload) else { continue }
                if whole.contains(month) || !details.transactions.isEmpty {
                    // Read whole: what waits is applied over it, or its rows are still in the entry.
                    if details.transactions.isEmpty { details.transactions = try CachedTransactionRows.fetch(monthKey: key, scope: scope, in: db) }
                    result[month] = details
                    continue
                }
                if let range = prefilter.months, !range.contains(month) { continue }
                candidates[key] = details
                for needle in prefilter.needles where needle.field != .name {
                    lineIds[needle.bytes, default: []] += details.budgetLines.filter { Self.contains($0.name, needle.bytes) }.map(\.id)
                }
            }
            guard !candidates.isEmpty else { return result.keys.sorted().compactMap { result[$0] } }
            var conditions = ["serverKey = ?", "userId = ?"]
            var arguments: [any DatabaseValueConvertible] = [scope.serverKey, scope.userId]
            if prefilter.months != nil {
                conditions.append("monthKey IN (\(candidates.keys.map { _ in "?" }.joined(separator: ",")))")
                arguments += candidates.keys.sorted() as [any DatabaseValueConvertible]
            }
            for needle in prefilter.needles {
                let ids = lineIds[needle.bytes] ?? []
                let inLines = "budgetLineId IN (\(ids.map { _ in "?" }.joined(separator: ",")))"
                switch needle.field {
                case .name:
                    conditions.append("pulpe_contains(name, ?)")
                    arguments.append(Data(needle.bytes))
                case .line:
                    conditions.append(ids.isEmpty ? "0" : inLines)
                    arguments += ids as [any DatabaseValueConvertible]
                case .nameOrLine:
                    conditions.append(ids.isEmpty ? "pulpe_contains(name, ?)" : "(pulpe_contains(name, ?) OR \(inLines))")
                    arguments.append(Data(needle.bytes))
                    arguments += ids as [any DatabaseValueConvertible]
                }
            }
            if let kind = prefilter.kind {
                conditions.append("kind = ?")
                arguments.append(kind.rawValue)
            }
            // Amounts are exact decimal text; as a double they are within a millionth: half a cent of margin.
            if let lowest = prefilter.lowestAmount {
                conditions.append("abs(CAST(amount AS REAL)) >= ?")
                arguments.append(NSDecimalNumber(decimal: lowest).doubleValue - 0.005)
            }
            if let highest = prefilter.highestAmount {
                conditions.append("abs(CAST(amount AS REAL)) <= ?")
                arguments.append(NSDecimalNumber(decimal: highest).doubleValue + 0.005)
            }
            if let days = prefilter.days {
                // Days in UTC, one more on each side than the prefilter's (itself a day wider than
                // the query's): a local day lies within them in any time zone.
                conditions.append("transactionDate >= ? AND transactionDate < ?")
                arguments.append(days.lowerBound.adding(days: -1).startDate(in: .utc).timeIntervalSinceReferenceDate)
                arguments.append(days.upperBound.adding(days: 2).startDate(in: .utc).timeIntervalSinceReferenceDate)
            }
            if let checked = prefilter.checked { conditions.append(checked ? "checkedAt IS NOT NULL" : "checkedAt IS NULL") }
            let rows = try Row.fetchCursor(db, sql: """
                SELECT monthKey, id, createdAt, updatedAt, budgetId, budgetLineId, amount, name, kind, transactionDate, tagIds, checkedAt
                FROM cachedTransaction WHERE \(conditions.joined(separator: " AND ")) ORDER BY monthKey, position
                """, arguments: StatementArguments(arguments))
            var found: [String: [Transaction]] = [:]
            while let row = try rows.next() {
                let key: String = row[0]
                guard candidates[key] != nil, let transaction = Self.transaction(row) else { continue }
                found[key, default: []].append(transaction)
            }
            for (key, transactions) in found {
                guard var details = candidates[key], let month = CacheKey.month(ofKey: key) else { continue }
                details.transactions = transactions
                result[month] = details
            }
            return result.keys.sorted().compactMap { result[$0] }
        }
    }

    /// A row of the query's select (its month key first), or nil when it does not read.
    private static func transaction(_ row: Row) -> Transaction? {
        let amountText: String? = row[6]
        let kindText: String? = row[8]
        guard let id: String = row[1], let budgetId: String = row[4], let name: String = row[7],
              let created: Double = row[2], let updated: Double = row[3], let dated: Double = row[9], let tags: String = row[10],
              let amount = amountText.flatMap(StoredDecimal.parse), let kind = kindText.flatMap(TransactionKind.init(rawValue:)),
              let createdAt = StoredDate.sinceReferenceDate(created), let updatedAt = StoredDate.sinceReferenceDate(updated),
              let transactionDate = StoredDate.sinceReferenceDate(dated) else { return nil }
        let checked: Double? = row[11]
        return Transaction(id: id, createdAt: createdAt, updatedAt: updatedAt, budgetId: budgetId, budgetLineId: row[5], amount: amount,
                           name: name, kind: kind, transactionDate: transactionDate,
                           tagIds: tags.isEmpty ? [] : tags.split(separator: CachedTransactionRows.tagSeparator).map(String.init),
                           checkedAt: checked.flatMap(StoredDate.sinceReferenceDate))
    }
}
