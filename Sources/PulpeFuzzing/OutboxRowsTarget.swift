import Foundation
import GRDB
import PulpeDomain
import PulpeStore

/// The outbox's rows read back from disk (`OutboxRow.items`), with any value in any column: an item
/// is either refused as unreadable or is a body the server can be sent, with the row's own id.
enum OutboxRowsTarget {
    static let target = FuzzTarget(name: "outbox-rows",
                                   feeds: "arbitrary column values in `outboxItem` rows, read back by `OutboxRow.items`, then encoded as the POST body",
                                   run: run)

    static let scope = CacheScope(serverKey: "http://127.0.0.1:3000/api/v1", userId: "fuzz-user")
    static let columns = ["id", "year", "month", "budgetId", "budgetLineId", "name", "amount", "kind", "transactionDate",
                          "checkedAt", "refusal", "attempts", "notBefore", "claimOwner", "claimedAt", "enqueuedAt"]
    static func samples(_ index: Int) -> [DatabaseValue] {
        let values: [DatabaseValueConvertible?] = [
            "0b9f3c52-7f4e-4f7a-9a51-3d1f7c2b8e1\(index)", 2026, 1, "budget-2026-01", nil, "Migros", "12.5", "expense",
            1_767_225_600.0, nil, nil, 0, nil, nil, nil, 1_767_225_600.0,
        ]
        return values.map { $0?.databaseValue ?? .null }
    }

    static func run(_ data: Data) throws(FuzzViolation) {
        try StoreDatabases.alone { () throws(FuzzViolation) in try runAlone(data) }
    }

    private static func runAlone(_ data: Data) throws(FuzzViolation) {
        var ids: [String] = []
        var read: Result<[OutboxItem], any Error>?
        do {
            try StoreDatabases.outbox.write { db in
                try db.execute(sql: "DELETE FROM outboxItem")
                var values = ColumnValues(data)
                var index = 0
                repeat {
                    let row = samples(index).map { values.next(sample: $0) }
                    try db.execute(sql: """
                        INSERT INTO outboxItem (serverKey, userId, \(columns.joined(separator: ", "))) \
                        VALUES (\(Array(repeating: "?", count: columns.count + 2).joined(separator: ", ")))
                        """, arguments: StatementArguments([scope.serverKey, scope.userId] + row))
                    index += 1
                } while !values.isEmpty && index < 8
                // The ids as the table holds them (TEXT affinity turns an integer into its text).
                ids = try String.fetchAll(db, sql: "SELECT CAST(id AS TEXT) FROM outboxItem")
                // Read back in the same transaction: the database is shared, and the test runner
                // replays the seeds and the regression files of this target side by side.
                read = Result { try OutboxRow.items(scope: scope, in: db) }
            }
        } catch {
            return
        }
        guard case let .success(items)? = read else {
            return // refused as unreadable: kept on disk, never sent, never dropped
        }
        try check(items.count == ids.count, "\(ids.count) rows, \(items.count) items")
        for item in items {
            // Rows written without an `operation` are created transactions (the first release's shape).
            guard let transaction = item.transaction else { throw FuzzViolation("a v1 row read back as \(item.operation.kindName)") }
            try check(ids.contains(item.id) && transaction.id == item.id, "the item's id is not its row's")
            try check((1...12).contains(item.month.month) && (1...9999).contains(item.month.year), "month \(item.month)")
            try check(!transaction.amount.isNaN, "a NaN amount")
            try StoreChecks.dates([item.enqueuedAt] + [transaction.transactionDate, transaction.checkedAt,
                                                       item.notBefore, item.claim?.at].compactMap { $0 }, "outbox item")
            // The body sent to the server: it encodes, and it reads back as the same expense.
            do {
                let body = try PulpeJSON.encode(transaction)
                let sent = try PulpeJSON.decode(NewTransaction.self, from: body)
                try check(sent.id == item.id && sent.amount == transaction.amount && sent.kind == transaction.kind,
                          "the POST body does not carry the item: \(body.lossyText)")
            } catch let violation as FuzzViolation {
                throw violation
            } catch {
                throw FuzzViolation("an outbox item that reads back does not encode as a body: \(error)")
            }
            try StoreChecks.shown(amount: transaction.amount, date: transaction.transactionDate ?? item.enqueuedAt)
        }
    }
}
