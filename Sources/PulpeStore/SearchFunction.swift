import GRDB
import GRDBSQLite
import PulpeDomain

/// `pulpe_contains(text, needle)`: 1 when `text`, folded as the search folds it (accents and
/// case aside, `SearchFolding`), contains `needle` (already folded, as a blob). Registered on
/// every cache connection; a C function reading SQLite's own bytes, so scanning a year of names
/// makes no Swift string (`CacheStore.search`).
enum SearchFunction {
    static func register(on db: Database) throws {
        let code = sqlite3_create_function_v2(db.sqliteConnection, "pulpe_contains", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                              nil, contains, nil, nil, nil)
        guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "pulpe_contains") }
    }

    private static let contains: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
        context, count, arguments in
        guard count == 2, let arguments, let text = sqlite3_value_text(arguments[0]) else {
            sqlite3_result_int(context, 0)
            return
        }
        let textLength = Int(sqlite3_value_bytes(arguments[0]))
        let needleLength = Int(sqlite3_value_bytes(arguments[1]))
        guard let needle = sqlite3_value_blob(arguments[1])?.assumingMemoryBound(to: UInt8.self) else {
            sqlite3_result_int(context, needleLength == 0 ? 1 : 0)
            return
        }
        let found = SearchFolding.utf8(UnsafeBufferPointer(start: text, count: textLength),
                                       contains: UnsafeBufferPointer(start: needle, count: needleLength))
        sqlite3_result_int(context, found ? 1 : 0)
    }
}
