import Foundation
import GRDB
import PulpeDomain

/// The search across months over the cache (decision 53), in SQL: a year of 100 000 cached
/// transactions is not read back into values to find a handful (reading them all took ~250 ms);
/// SQLite scans the names with `pulpe_contains` (`SearchFolding` over each row's UTF-8, no string
/// made) and only the matching rows are read. Prévisions come from the months' entries (a few
/// dozen), and a transaction also matches by its prévision's name, as the `/` filter does.
extension CacheStore {
    /// The hits of `query` in the cached months of `scope` — those of `years` (every year when
    /// empty), except `excluded` (the caller searches those itself, with what waits applied).
    /// The same hits as `SearchHit.hits` over each month's details, in no particular order.
    public func search(_ query: String, scope: CacheScope, years: [Int] = [], excluding excluded: Set<BudgetMonth> = [],
                       tagNames: [String: String] = [:]) -> [SearchHit] {
        let filter = TransactionFilter(query)
        if filter.namesTags { return searchTagged(filter, scope: scope, years: years, excluding: excluded, tagNames: tagNames) }
        let needle = SearchFolding.foldedNeedle(query)
        guard !needle.isEmpty else { return [] }
        return read("search the cached months") { db -> [SearchHit] in
            var hits: [SearchHit] = []
            var months: [String: (month: BudgetMonth, lines: [String: String])] = [:]
            var lineIds: [String] = []
            var oldStyle: [(BudgetMonth, BudgetDetails)] = []
            let entries = try Row.fetchAll(db, sql: """
                SELECT key, payload FROM cacheEntry
                WHERE serverKey = ? AND userId = ? AND kind = 'month' AND payload IS NOT NULL
                """, arguments: [scope.serverKey, scope.userId])
            for entry in entries {
                let key: String = entry[0]
                guard let month = CacheKey.month(ofKey: key), years.isEmpty || years.contains(month.year), !excluded.contains(month),
                      let payload: Data = entry[1], let details = try? PulpeJSON.decode(BudgetDetails.self, from: payload) else { continue }
                if !details.transactions.isEmpty {
                    // Written before the rows existed: the transactions are in the entry.
                    oldStyle.append((month, details))
                    continue
                }
                months[key] = (month, details.lineNames)
                for line in details.budgetLines where Self.contains(line.name, needle) {
                    lineIds.append(line.id)
                    hits.append(SearchHit(id: line.id, itemType: .budgetLine, name: line.name, amount: line.amount, kind: line.kind,
                                          transactionDate: nil, budgetId: details.budget.id, year: month.year, month: month.month))
                }
            }
            for (month, details) in oldStyle { hits += SearchHit.hits(query, in: details, month: month) }
            guard !months.isEmpty else { return hits }
            let inLines = lineIds.isEmpty ? "" : " OR budgetLineId IN (\(lineIds.map { _ in "?" }.joined(separator: ",")))"
            let rows = try Row.fetchCursor(db, sql: """
                SELECT monthKey, id, budgetId, budgetLineId, amount, name, kind, transactionDate FROM cachedTransaction
                WHERE serverKey = ? AND userId = ? AND (pulpe_contains(name, ?)\(inLines))
                """, arguments: StatementArguments([scope.serverKey, scope.userId, Data(needle)] + lineIds.map { $0 as any DatabaseValueConvertible }))
            while let row = try rows.next() {
                let key: String = row[0]
                guard let (month, names) = months[key] else { continue }
                let amountText: String = row[4]
                let kindText: String = row[6]
                let dateSeconds: Double = row[7]
                guard let amount = StoredDecimal.parse(amountText), let kind = TransactionKind(rawValue: kindText),
                      let date = StoredDate.sinceReferenceDate(dateSeconds) else { continue }
                let lineId: String? = row[3]
                hits.append(SearchHit(id: row[1], itemType: .transaction, name: row[5], amount: amount, kind: kind,
                                      transactionDate: date, budgetId: row[2], year: month.year, month: month.month,
                                      lineName: lineId.flatMap { names[$0] }))
            }
            return hits
        } ?? []
    }

    /// A query with `#` words (decision 88): only the rows that carry a tag are read (a few in a
    /// year), and the filter decides each — the same rule as the `/` filter and `SearchHit.hits`.
    private func searchTagged(_ filter: TransactionFilter, scope: CacheScope, years: [Int], excluding excluded: Set<BudgetMonth>,
                              tagNames: [String: String]) -> [SearchHit] {
        read("search the cached months by tag") { db -> [SearchHit] in
            var hits: [SearchHit] = []
            var months: [String: (month: BudgetMonth, lines: [String: String])] = [:]
            let entries = try Row.fetchAll(db, sql: """
                SELECT key, payload FROM cacheEntry
                WHERE serverKey = ? AND userId = ? AND kind = 'month' AND payload IS NOT NULL
                """, arguments: [scope.serverKey, scope.userId])
            for entry in entries {
                let key: String = entry[0]
                guard let month = CacheKey.month(ofKey: key), years.isEmpty || years.contains(month.year), !excluded.contains(month),
                      let payload: Data = entry[1], let details = try? PulpeJSON.decode(BudgetDetails.self, from: payload) else { continue }
                if !details.transactions.isEmpty {
                    // Written before the rows existed: the transactions are in the entry.
                    hits += SearchHit.hits(filter.query, in: details, month: month, tagNames: tagNames)
                    continue
                }
                months[key] = (month, details.lineNames)
                hits += SearchHit.lineHits(filter, in: details, month: month, tagNames: tagNames)
            }
            guard !months.isEmpty else { return hits }
            let rows = try Row.fetchCursor(db, sql: """
                SELECT monthKey, id, budgetId, budgetLineId, amount, name, kind, transactionDate, tagIds FROM cachedTransaction
                WHERE serverKey = ? AND userId = ? AND tagIds != ''
                """, arguments: [scope.serverKey, scope.userId])
            while let row = try rows.next() {
                let key: String = row[0]
                guard let (month, names) = months[key] else { continue }
                let tagsText: String = row[8]
                let lineId: String? = row[3]
                let name: String = row[5]
                let tagIds = tagsText.split(separator: CachedTransactionRows.tagSeparator).map(String.init)
                guard filter.matches(name: name, lineName: lineId.flatMap { names[$0] }, tagIds: tagIds, tagNames: tagNames) else { continue }
                let amountText: String = row[4]
                let kindText: String = row[6]
                let dateSeconds: Double = row[7]
                guard let amount = StoredDecimal.parse(amountText), let kind = TransactionKind(rawValue: kindText),
                      let date = StoredDate.sinceReferenceDate(dateSeconds) else { continue }
                hits.append(SearchHit(id: row[1], itemType: .transaction, name: name, amount: amount, kind: kind,
                                      transactionDate: date, budgetId: row[2], year: month.year, month: month.month,
                                      lineName: lineId.flatMap { names[$0] }))
            }
            return hits
        } ?? []
    }

    static func contains(_ name: String, _ needle: [UInt8]) -> Bool {
        var bytes = Array(name.utf8)
        return bytes.withUnsafeMutableBufferPointer { text in
            needle.withUnsafeBufferPointer { SearchFolding.utf8(UnsafeBufferPointer(text), contains: $0) }
        }
    }
}
