import Foundation
import GRDB
import PulpeDomain
import PulpeStore

/// The cache's transaction rows read back from disk (`CachedTransactionRows.fetch`), with any value
/// in any column, in the real table (its types, affinities and NOT NULL constraints).
enum CacheRowsTarget {
    static let target = FuzzTarget(name: "cache-rows",
                                   feeds: "arbitrary column values in `cachedTransaction` rows, read back by `CachedTransactionRows.fetch`",
                                   run: run)

    static let scope = CacheScope(serverKey: "http://127.0.0.1:3000/api/v1", userId: "fuzz-user")
    static let monthKey = "2026-01"
    static let columns = ["id", "createdAt", "updatedAt", "budgetId", "budgetLineId", "amount", "name", "kind",
                          "transactionDate", "tagIds", "checkedAt"]
    static let samples: [DatabaseValue] = [
        "0b9f3c52-7f4e-4f7a-9a51-3d1f7c2b8e10".databaseValue, 789_000_000.0.databaseValue, 789_000_000.5.databaseValue,
        "budget-2026-01".databaseValue, .null, "12.5".databaseValue, "Migros".databaseValue, "expense".databaseValue,
        789_000_000.0.databaseValue, "".databaseValue, .null,
    ]

    static func run(_ data: Data) throws(FuzzViolation) {
        try StoreDatabases.alone { () throws(FuzzViolation) in try runAlone(data) }
    }

    private static func runAlone(_ data: Data) throws(FuzzViolation) {
        do {
            try StoreDatabases.cache.write { db in
                try db.execute(sql: "DELETE FROM \(CachedTransactionRows.table)")
                var values = ColumnValues(data)
                var position = 0
                repeat {
                    var arguments: [DatabaseValueConvertible?] = [scope.serverKey, scope.userId, monthKey, position]
                    for sample in samples { arguments.append(values.next(sample: sample)) }
                    try db.execute(sql: """
                        INSERT INTO \(CachedTransactionRows.table) (serverKey, userId, monthKey, position, \
                        \(columns.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: 15).joined(separator: ", ")))
                        """, arguments: StatementArguments(arguments))
                    position += 1
                } while !values.isEmpty && position < 8
            }
        } catch {
            return // the table refused the row (NOT NULL): a file cannot hold it either
        }
        let transactions: [Transaction]
        do {
            transactions = try StoreDatabases.cache.read { db in
                try CachedTransactionRows.fetch(monthKey: monthKey, scope: scope, in: db)
            }
        } catch {
            return // refused as damaged: the cache drops the month and asks the server
        }
        for transaction in transactions {
            try StoreChecks.dates([transaction.createdAt, transaction.updatedAt, transaction.transactionDate]
                                  + [transaction.checkedAt].compactMap { $0 }, "cached transaction")
            try check(!transaction.amount.isNaN, "a cached transaction with a NaN amount")
            try StoreChecks.shown(amount: transaction.amount, date: transaction.transactionDate)
        }
        // What was read writes back and reads the same (the cache rewrites a month it refreshes).
        do {
            let again = try StoreDatabases.cache.write { db in
                try CachedTransactionRows.replace(transactions, monthKey: monthKey, scope: scope, in: db)
                return try CachedTransactionRows.fetch(monthKey: monthKey, scope: scope, in: db)
            }
            try check(again == transactions, "cache rows read back differently after a rewrite")
        } catch let violation as FuzzViolation {
            throw violation
        } catch {
            throw FuzzViolation("transactions read from the cache cannot be written back: \(error)")
        }
    }
}
