import Foundation
import GRDB
import PulpeDomain

/// A cached month's transactions as rows of `cachedTransaction`, one per transaction, in the
/// server's order (`position`).
///
/// Why not inside the month's JSON: a month of 10 000 transactions took ~120 ms to decode with
/// `JSONDecoder` at start-up, most of « exec → cached month painted »; typed rows read back in a
/// fraction of that (`make bench`, docs/decisions.md). Amounts are stored as their exact decimal
/// text, dates as the `Date`'s own `Double` (exact round trip).
/// `package` (table, schema, writer, reader) so the fuzz harness reads damaged rows through this code.
package enum CachedTransactionRows {
    package static let table = "cachedTransaction"
    /// Tag ids are UUIDs: joined with the unit separator, which no id contains.
    static let tagSeparator: Character = "\u{1F}"

    package static func createTable(in db: Database) throws {
        try db.create(table: table) { t in
            t.column("serverKey", .text).notNull()
            t.column("userId", .text).notNull()
            t.column("monthKey", .text).notNull()
            t.column("position", .integer).notNull()
            t.column("id", .text).notNull()
            t.column("createdAt", .double).notNull()
            t.column("updatedAt", .double).notNull()
            t.column("budgetId", .text).notNull()
            t.column("budgetLineId", .text)
            t.column("amount", .text).notNull()
            t.column("name", .text).notNull()
            t.column("kind", .text).notNull()
            t.column("transactionDate", .double).notNull()
            t.column("tagIds", .text).notNull()
            t.column("checkedAt", .double)
            t.primaryKey(["serverKey", "userId", "monthKey", "position"])
        }
    }

    /// Replaces the month's rows with `transactions`, at positions 0, 1, 2, …
    package static func replace(_ transactions: [Transaction], monthKey: String, scope: CacheScope, in db: Database) throws {
        try delete(monthKey: monthKey, scope: scope, in: db)
        let statement = try insertStatement(db, orReplace: false)
        for (position, t) in transactions.enumerated() {
            try insert(t, at: Double(position), monthKey: monthKey, scope: scope, with: statement)
        }
    }

    /// Brings the month's rows to `transactions` by `plan` (made from what is stored): its deletes,
    /// then its writes, each row at its own position.
    static func apply(_ plan: MonthRowsPlan, _ transactions: [Transaction], monthKey: String, scope: CacheScope,
                      in db: Database) throws {
        let remove = try db.cachedStatement(sql: """
            DELETE FROM cachedTransaction WHERE serverKey = ? AND userId = ? AND monthKey = ? AND position = ?
            """)
        for position in plan.deletes {
            try remove.execute(arguments: [scope.serverKey, scope.userId, monthKey, position])
        }
        let statement = try insertStatement(db, orReplace: true)
        for write in plan.writes {
            try insert(transactions[write.index], at: write.position, monthKey: monthKey, scope: scope, with: statement)
        }
    }

    private static func insertStatement(_ db: Database, orReplace: Bool) throws -> Statement {
        try db.cachedStatement(sql: """
            INSERT \(orReplace ? "OR REPLACE " : "")INTO cachedTransaction (serverKey, userId, monthKey, position, id, createdAt,
              updatedAt, budgetId, budgetLineId, amount, name, kind, transactionDate, tagIds, checkedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
    }

    private static func insert(_ t: Transaction, at position: Double, monthKey: String, scope: CacheScope,
                               with statement: Statement) throws {
        // A whole position is stored as an integer (INTEGER affinity), a fraction as a REAL: the
        // same column, ordered together.
        try statement.execute(arguments: [
            scope.serverKey, scope.userId, monthKey, position, t.id,
            t.createdAt.timeIntervalSinceReferenceDate, t.updatedAt.timeIntervalSinceReferenceDate, t.budgetId,
            t.budgetLineId, t.amount.description, t.name, t.kind.rawValue, t.transactionDate.timeIntervalSinceReferenceDate,
            t.tagIds.joined(separator: String(tagSeparator)), t.checkedAt?.timeIntervalSinceReferenceDate,
        ])
    }

    /// The month's rows, in order. A row that does not read back (damage) throws: the caller drops
    /// the whole month rather than show part of it.
    package static func fetch(monthKey: String, scope: CacheScope, in db: Database) throws -> [Transaction] {
        try fetchPositioned(monthKey: monthKey, scope: scope, in: db).transactions
    }

    /// The month's rows in order, with the position each is stored at.
    ///
    /// Stepped through SQLite's own API rather than GRDB's `Row`: a 100 000-row month is read before
    /// it is painted, and a `Row` per row (its subscripts, its conversions) cost about half of that
    /// read. The conversions are SQLite's, as GRDB's statement-backed rows make them (a text column
    /// read as a double is SQLite's number for it, a number read as text is its text), so a damaged
    /// row reads exactly as it did; a NULL where a value belongs makes the row unreadable.
    /// `limit`: only the first rows (a preview's).
    static func fetchPositioned(monthKey: String, scope: CacheScope, in db: Database, limit: Int? = nil) throws -> StoredRows {
        var arguments: StatementArguments = [scope.serverKey, scope.userId, monthKey]
        // Sized once: growing a 100 000-row array by doubling copies it (and its references) ~17 times.
        let count = try limit ?? Int.fetchOne(db, sql: """
            SELECT COUNT(*) FROM cachedTransaction WHERE serverKey = ? AND userId = ? AND monthKey = ?
            """, arguments: arguments) ?? 0
        let statement = try db.makeStatement(sql: """
            SELECT id, createdAt, updatedAt, budgetId, budgetLineId, amount, name, kind, transactionDate, tagIds, checkedAt,
              position
            FROM cachedTransaction WHERE serverKey = ? AND userId = ? AND monthKey = ? ORDER BY position\(limit == nil ? "" : " LIMIT ?")
            """)
        if let limit { arguments += [limit] }
        try statement.setArguments(arguments)
        var transactions: [Transaction] = []
        var positions: [Double] = []
        transactions.reserveCapacity(count)
        positions.reserveCapacity(count)
        // A month's rows share one budget id and a few prévision ids: one string each, not one per row.
        var budgetIds = InternedStrings()
        var lineIds = InternedStrings()
        var lastBudgetId: String?
        var lastLineId: String?
        let columns = SQLiteColumns(statement: statement.sqliteStatement)
        while try columns.step(in: db) {
            guard !columns.isNull(0), !columns.isNull(3), !columns.isNull(5), !columns.isNull(6), !columns.isNull(7),
                  !columns.isNull(9), !columns.isNull(1), !columns.isNull(2), !columns.isNull(8), !columns.isNull(11),
                  let amount = StoredDecimal.parse(columns.text(5)),
                  let kind = TransactionKind(rawValue: columns.text(7)),
                  let createdAt = StoredDate.sinceReferenceDate(columns.double(1)),
                  let updatedAt = StoredDate.sinceReferenceDate(columns.double(2)),
                  let transactionDate = StoredDate.sinceReferenceDate(columns.double(8)) else {
                throw UnreadableRow(monthKey: monthKey)
            }
            var checked: Date?
            if !columns.isNull(10) {
                guard let date = StoredDate.sinceReferenceDate(columns.double(10)) else { throw UnreadableRow(monthKey: monthKey) }
                checked = date
            }
            let tags = columns.text(9)
            // The previous row's ids first (a month has one budget id; rows on one prévision follow
            // each other often), then the table of every id seen.
            let budgetId = InternedStrings.intern(columns.text(3, sameAs: lastBudgetId), after: lastBudgetId, in: &budgetIds)
            let lineId = columns.isNull(4) ? nil
                : InternedStrings.intern(columns.text(4, sameAs: lastLineId), after: lastLineId, in: &lineIds)
            lastBudgetId = budgetId
            if lineId != nil { lastLineId = lineId }
            positions.append(columns.double(11))
            transactions.append(Transaction(
                id: columns.text(0), createdAt: createdAt, updatedAt: updatedAt, budgetId: budgetId,
                budgetLineId: lineId,
                amount: amount, name: columns.text(6), kind: kind, transactionDate: transactionDate,
                tagIds: tags.isEmpty ? [] : tags.split(separator: tagSeparator).map(String.init),
                checkedAt: checked))
        }
        return StoredRows(transactions: transactions, positions: positions)
    }

    static func delete(monthKey: String, scope: CacheScope, in db: Database) throws {
        try db.execute(sql: "DELETE FROM cachedTransaction WHERE serverKey = ? AND userId = ? AND monthKey = ?",
                       arguments: [scope.serverKey, scope.userId, monthKey])
    }

    static func deleteAll(scope: CacheScope, in db: Database) throws {
        try db.execute(sql: "DELETE FROM cachedTransaction WHERE serverKey = ? AND userId = ?",
                       arguments: [scope.serverKey, scope.userId])
    }

    /// A month's rows as stored: the transactions in order, and where each one is.
    struct StoredRows: Sendable, Equatable {
        var transactions: [Transaction]
        var positions: [Double]

        /// Rows just written by `replace`.
        static func replaced(_ transactions: [Transaction]) -> StoredRows {
            StoredRows(transactions: transactions, positions: transactions.indices.map(Double.init))
        }
    }

    struct UnreadableRow: Error, CustomStringConvertible {
        var monthKey: String
        var description: String { "a transaction row of \(monthKey) does not read back" }
    }
}
