import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What is at the outbox's path before it is opened for writing, found without changing a byte.
///
/// Why a separate read-only look: opening a file for writing lets SQLite migrate, recover and
/// checkpoint it — on a damaged file that may rewrite the very bytes someone could still recover
/// expenses from. The look below opens the file read-only (SQLite may create the `-shm` index next
/// to it, never touches the database or its `-wal`), so a file judged damaged is set aside exactly
/// as it was found (decision 40).
enum OutboxInspection: Equatable {
    /// Nothing there, or an empty file: a fresh outbox will be made.
    case absent
    /// A readable outbox (or a blank SQLite file): opened normally.
    case usable
    /// Not an outbox any pulpe could read: kept aside, a fresh one made in its place.
    case damaged(reason: String)
    /// The look itself failed for a reason that says nothing about the file (locked by another
    /// process, no memory, an I/O error): the file is left alone and the normal open decides.
    case undecided(reason: String)

    /// The columns every row must have to be read back (`OutboxRow`).
    static let requiredColumns: Set<String> = [
        "sequence", "id", "serverKey", "userId", "year", "month", "budgetId", "budgetLineId", "name", "amount",
        "kind", "transactionDate", "checkedAt", "refusal", "attempts", "notBefore", "claimOwner", "claimedAt",
        "enqueuedAt",
    ]

    static func inspect(_ path: String) -> OutboxInspection {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return .absent }
            return .undecided(reason: "lstat: \(String(cString: strerror(errno)))")
        }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFLNK {
            // A link the user made (a synced folder): judge what it points to.
            guard stat(path, &info) == 0 else {
                return errno == ENOENT ? .absent : .undecided(reason: "stat: \(String(cString: strerror(errno)))")
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .damaged(reason: "a directory is in its place")
        default: return .damaged(reason: "not a regular file")
        }
        if info.st_size == 0 { return .absent }
        return inspectDatabase(path)
    }

    private static func inspectDatabase(_ path: String) -> OutboxInspection {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "pulpe.outbox.inspection"
        configuration.busyMode = .timeout(5)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db -> OutboxInspection in
                let report = try String.fetchOne(db, sql: "PRAGMA quick_check") ?? "no answer"
                guard report == "ok" else { return .damaged(reason: "integrity check: \(report)") }
                let tables = Set(try String.fetchAll(db, sql: """
                    SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                    """))
                if tables.isEmpty { return .usable }
                if tables.contains("grdb_migrations") {
                    // A newer pulpe may have reshaped the table: its file is not this one's to judge.
                    let applied = Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
                    let unknown = applied.subtracting(OutboxSchema.migrator.migrations)
                    if !unknown.isEmpty {
                        return .undecided(reason: "written by a newer pulpe (\(unknown.sorted().joined(separator: ", ")))")
                    }
                }
                guard tables.contains("outboxItem") else {
                    return .damaged(reason: "not an outbox (tables: \(tables.sorted().joined(separator: ", ")))")
                }
                let columns = Set(try Row.fetchAll(db, sql: "PRAGMA table_info(outboxItem)").map { $0["name"] as String })
                let missing = requiredColumns.subtracting(columns)
                guard missing.isEmpty else {
                    return .damaged(reason: "outboxItem lacks \(missing.sorted().joined(separator: ", "))")
                }
                return .usable
            }
        } catch let error as DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT:
                return .damaged(reason: error.message ?? "\(error.resultCode)")
            default:
                return .undecided(reason: "\(error)")
            }
        } catch {
            return .undecided(reason: "\(error)")
        }
    }
}
