import Foundation
import GRDB
import PulpeDomain

/// Transactions table.
///
/// Rows are read by column position from an explicit column list: GRDB's by-name lookup lowercases
/// the name on every access, which showed up at 5 % of a 500-transaction details request.
enum TransactionStore {
    static let columnNames = ["id", "budgetId", "budgetLineId", "amount", "name", "kind", "transactionDate", "checkedAt",
                              "tagIds", "createdAt", "updatedAt"]
    static let columns = columnNames.joined(separator: ", ")
    static let qualifiedColumns = columnNames.map { "transactions." + $0 }.joined(separator: ", ")

    /// Inserts; returns `false` (and writes nothing) when a transaction with this id already exists,
    /// which is how the API's idempotent create (409 on replay) is decided atomically.
    static func insertIfAbsent(_ transaction: Transaction, in db: Database) throws -> Bool {
        // Cached: a demo session with `--demo-extra-transactions 100000` inserts that many rows, and
        // preparing the statement each time made it take ~10 s, the client's idle timeout.
        try db.cachedStatement(sql: """
            INSERT INTO transactions (id, budgetId, budgetLineId, amount, name, kind, transactionDate, checkedAt, tagIds,
                                      createdAt, updatedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO NOTHING
            """).execute(arguments: arguments(transaction))
        return db.changesCount == 1
    }

    static func update(_ transaction: Transaction, in db: Database) throws {
        try db.execute(sql: """
            UPDATE transactions SET budgetLineId = ?, amount = ?, name = ?, kind = ?, transactionDate = ?, checkedAt = ?,
                                    tagIds = ?, updatedAt = ?
            WHERE id = ?
            """, arguments: [transaction.budgetLineId, ColumnCoding.amountText(transaction.amount), transaction.name,
                             transaction.kind.rawValue, ColumnCoding.dateText(transaction.transactionDate),
                             transaction.checkedAt.map(ColumnCoding.dateText), ColumnCoding.tagsText(transaction.tagIds),
                             ColumnCoding.dateText(transaction.updatedAt), transaction.id])
    }

    static func delete(id: String, in db: Database) throws {
        try db.execute(sql: "DELETE FROM transactions WHERE id = ?", arguments: [id])
    }

    /// A transaction of one of the user's budgets.
    static func transaction(id: String, userId: String, in db: Database) throws -> Transaction? {
        try Row.fetchOne(db, sql: """
            SELECT \(qualifiedColumns) FROM transactions JOIN budgets ON budgets.id = transactions.budgetId
            WHERE transactions.id = ? AND budgets.userId = ?
            """, arguments: [id, userId]).map(transaction)
    }

    /// A budget's transactions, newest first (as the API lists them).
    static func transactions(budgetId: String, in db: Database) throws -> [Transaction] {
        try Array(Row.fetchCursor(db, sql: """
            SELECT \(columns) FROM transactions WHERE budgetId = ? ORDER BY transactionDate DESC, createdAt DESC, id DESC
            """, arguments: [budgetId]).map(transaction))
    }

    /// Transactions of several budgets, grouped by budget id.
    static func transactions(budgetIds: [String], in db: Database) throws -> [String: [Transaction]] {
        guard !budgetIds.isEmpty else { return [:] }
        let transactions = try Array(Row.fetchCursor(db, sql: """
            SELECT \(columns) FROM transactions WHERE budgetId IN (\(databaseQuestionMarks(count: budgetIds.count)))
            ORDER BY transactionDate DESC, createdAt DESC, id DESC
            """, arguments: StatementArguments(budgetIds)).map(transaction))
        return Dictionary(grouping: transactions, by: \.budgetId)
    }

    /// Every transaction of every budget of a user, oldest first (the admin listing; a test compares
    /// it with what its client meant to create).
    static func transactions(userId: String, in db: Database) throws -> [Transaction] {
        try Array(Row.fetchCursor(db, sql: """
            SELECT \(qualifiedColumns) FROM transactions JOIN budgets ON budgets.id = transactions.budgetId
            WHERE budgets.userId = ? ORDER BY transactions.createdAt, transactions.id
            """, arguments: [userId]).map(transaction))
    }

    private static func arguments(_ t: Transaction) -> StatementArguments {
        [t.id, t.budgetId, t.budgetLineId, ColumnCoding.amountText(t.amount), t.name, t.kind.rawValue,
         ColumnCoding.dateText(t.transactionDate), t.checkedAt.map(ColumnCoding.dateText), ColumnCoding.tagsText(t.tagIds),
         ColumnCoding.dateText(t.createdAt), ColumnCoding.dateText(t.updatedAt)]
    }

    /// Decodes a row selected with `columns` (positions follow `columnNames`).
    private static func transaction(_ row: Row) throws -> Transaction {
        Transaction(id: row[0], createdAt: try ColumnCoding.date(row[9]), updatedAt: try ColumnCoding.date(row[10]),
                    budgetId: row[1], budgetLineId: row[2], amount: try ColumnCoding.amount(row[3]), name: row[4],
                    kind: try ColumnCoding.kind(row[5]), transactionDate: try ColumnCoding.date(row[6]),
                    tagIds: ColumnCoding.tags(row[8]), checkedAt: try ColumnCoding.optionalDate(row[7]))
    }
}
