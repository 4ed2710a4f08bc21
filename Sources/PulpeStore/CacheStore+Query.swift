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
            // The months by key: only those read whole, and those holding answers, are decoded.
            var candidates: [String: BudgetMonth] = [:]
            // `inEntry`: written before the rows existed, its transactions are in the entry's JSON.
            let keys = try Row.fetchAll(db, sql: """
                SELECT key, coalesce(json_array_length(CAST(payload AS TEXT), '$.transactions'), 0) > 0 FROM cacheEntry
                WHERE serverKey = ? AND userId = ? AND kind = 'month' AND payload IS NOT NULL AND json_valid(CAST(payload AS TEXT))
                """, arguments: [scope.serverKey, scope.userId])
            for row in keys {
                let key: String = row[0]
                let inEntry: Bool = row[1]
                guard let month = CacheKey.month(ofKey: key) else { continue }
                if whole.contains(month) || inEntry {
                    // Read whole: what waits is applied over it, or its rows are in the entry.
                    guard var details = try Self.monthEntry(key, scope: scope, in: db) else { continue }
                    if details.transactions.isEmpty { details.transactions = try CachedTransactionRows.fetch(monthKey: key, scope: scope, in: db) }
                    result[month] = details
                } else if prefilter.months?.contains(month) ?? true {
                    candidates[key] = month
                }
            }
            // The prévisions a needle names, found in the entries' JSON by SQLite (no month decoded).
            var lineIds: [[UInt8]: [String]] = [:]
            for needle in prefilter.needles where needle.field != .name && lineIds[needle.bytes] == nil {
                lineIds[needle.bytes] = try String.fetchAll(db, sql: """
                    SELECT json_extract(line.value, '$.id') FROM cacheEntry, json_each(CAST(cacheEntry.payload AS TEXT), '$.budgetLines') AS line
                    WHERE cacheEntry.serverKey = ? AND cacheEntry.userId = ? AND cacheEntry.kind = 'month' AND cacheEntry.payload IS NOT NULL
                      AND json_valid(CAST(cacheEntry.payload AS TEXT)) AND pulpe_contains(json_extract(line.value, '$.name'), ?)
                    """, arguments: [scope.serverKey, scope.userId, Data(needle.bytes)])
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
                guard let month = candidates[key], var details = try Self.monthEntry(key, scope: scope, in: db) else { continue }
                details.transactions = transactions
                result[month] = details
            }
            return result.keys.sorted().compactMap { result[$0] }
        }
    }

    /// A month's entry: its budget and prévisions (and, written before the rows existed, its transactions).
    private static func monthEntry(_ key: String, scope: CacheScope, in db: Database) throws -> BudgetDetails? {
        let payload = try Data.fetchOne(db, sql: """
            SELECT payload FROM cacheEntry WHERE serverKey = ? AND userId = ? AND kind = 'month' AND key = ?
            """, arguments: [scope.serverKey, scope.userId, key])
        return payload.flatMap { try? PulpeJSON.decode(BudgetDetails.self, from: $0) }
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
