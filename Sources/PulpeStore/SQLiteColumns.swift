import GRDB
import GRDBSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The current row of a prepared statement, read with SQLite's column functions: no `Row` value, no
/// `DatabaseValue` per column. For the one read that is too hot for GRDB's generic rows (a cached
/// month of 100 000 transactions, `CachedTransactionRows.fetchPositioned`).
struct SQLiteColumns {
    let statement: SQLiteStatement

    /// Moves to the next row: true on a row, false past the last; SQLite's error otherwise.
    func step(in db: Database) throws -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            throw DatabaseError(resultCode: ResultCode(rawValue: code),
                                message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    /// The column as SQLite's text for it (a number becomes its decimal text).
    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, column) else { return "" }
        return String(cString: bytes)
    }

    /// The column's text, as `last` when its bytes are the same: no string is made for a value that
    /// repeats from row to row (a month's budget id, a run of rows on one prévision).
    func text(_ column: Int32, sameAs last: String?) -> String {
        guard let bytes = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        if var last, last.utf8.count == count,
           last.withUTF8({ $0.baseAddress.map { memcmp($0, bytes, count) == 0 } ?? (count == 0) }) {
            return last
        }
        return String(cString: bytes)
    }

    /// The column as SQLite's number for it (a text that is not a number reads as 0).
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
}
