import Foundation
import GRDB
import PulpeDomain

/// Accounts table.
enum UserStore {
    static func insert(_ user: SandboxUser, in db: Database) throws {
        try db.execute(sql: """
            INSERT INTO users (id, email, passwordHash, keySalt, kdfIterations, keyFingerprint, payDayOfMonth,
                               currency, isDemo, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [user.id, user.email, user.passwordHash, user.keySalt, user.kdfIterations,
                             user.keyFingerprint, user.payDayOfMonth, user.currency.rawValue, user.isDemo,
                             ColumnCoding.dateText(user.createdAt)])
    }

    static func find(id: String, in db: Database) throws -> SandboxUser? {
        try Row.fetchOne(db, sql: "SELECT * FROM users WHERE id = ?", arguments: [id]).map(user)
    }

    /// Case-insensitive, like GoTrue.
    static func find(email: String, in db: Database) throws -> SandboxUser? {
        try Row.fetchOne(db, sql: "SELECT * FROM users WHERE email = ?", arguments: [email]).map(user)
    }

    /// A PIN change: the key the server expects from now on.
    static func setKeyFingerprint(_ fingerprint: String, userId: String, in db: Database) throws {
        try db.execute(sql: "UPDATE users SET keyFingerprint = ? WHERE id = ?", arguments: [fingerprint, userId])
    }

    static func count(in db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM users") ?? 0
    }

    /// Removes demo accounts created before `cutoff` (their budgets and tokens go with them).
    @discardableResult
    static func deleteDemoUsers(createdBefore cutoff: Date, in db: Database) throws -> Int {
        try db.execute(sql: "DELETE FROM users WHERE isDemo = 1 AND createdAt < ?",
                       arguments: [ColumnCoding.dateText(cutoff)])
        return db.changesCount
    }

    /// `PUT /users/settings`: the members given, the others as they are.
    static func setSettings(_ settings: UserSettings, userId: String, in db: Database) throws {
        try db.execute(sql: "UPDATE users SET payDayOfMonth = ?, currency = ?, showCurrencySelector = ? WHERE id = ?",
                       arguments: [settings.payDayOfMonth, settings.currency.rawValue, settings.showCurrencySelector ?? false, userId])
    }

    private static func user(_ row: Row) throws -> SandboxUser {
        var user = SandboxUser(id: row["id"], email: row["email"], passwordHash: row["passwordHash"], keySalt: row["keySalt"],
                               kdfIterations: row["kdfIterations"], keyFingerprint: row["keyFingerprint"],
                               payDayOfMonth: row["payDayOfMonth"],
                               currency: Currency(rawValue: row["currency"]) ?? .chf, isDemo: row["isDemo"],
                               createdAt: try ColumnCoding.date(row["createdAt"]))
        user.showCurrencySelector = row["showCurrencySelector"] ?? false
        return user
    }
}
