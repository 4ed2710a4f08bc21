import Foundation
import GRDB
import PulpeDomain

/// Access and refresh tokens, GoTrue-style: opaque random access tokens that expire after the
/// configured TTL, and **single-use** refresh tokens that rotate on every refresh (`docs/contract.md` §5).
/// Stored in the database so a restart does not log anyone out.
enum TokenStore {
    /// Why a refresh token was refused; each maps to GoTrue's answer.
    enum RefreshFailure: Error, Equatable {
        case notFound
        case alreadyUsed
    }

    /// Issues a fresh token pair for `user`.
    static func issue(for user: SandboxUser, now: Date, ttlSeconds: Int, in db: Database) throws -> AuthSession {
        try purgeStale(now: now, in: db)
        let access = "sbx." + Secrets.randomHex(bytes: 32)
        let refresh = Secrets.randomHex(bytes: 24)
        let issuedAt = Int64(now.timeIntervalSince1970.rounded(.down))
        let expiresAt = issuedAt + Int64(ttlSeconds)
        try db.execute(sql: "INSERT INTO access_tokens (token, userId, expiresAt) VALUES (?, ?, ?)",
                       arguments: [access, user.id, expiresAt])
        try db.execute(sql: "INSERT INTO refresh_tokens (token, userId, issuedAt) VALUES (?, ?, ?)",
                       arguments: [refresh, user.id, issuedAt])
        return AuthSession(accessToken: access, tokenType: "bearer", expiresIn: ttlSeconds, expiresAt: expiresAt,
                           refreshToken: refresh, user: user.authUser)
    }

    /// Spends `refreshToken` and issues a new pair. A token works once; a second use fails.
    static func rotate(_ refreshToken: String, now: Date, ttlSeconds: Int, in db: Database) throws -> AuthSession {
        guard let row = try Row.fetchOne(db, sql: "SELECT userId, usedAt FROM refresh_tokens WHERE token = ?",
                                         arguments: [refreshToken]) else { throw RefreshFailure.notFound }
        guard (row["usedAt"] as Int64?) == nil else { throw RefreshFailure.alreadyUsed }
        guard let user = try UserStore.find(id: row["userId"], in: db) else { throw RefreshFailure.notFound }
        try db.execute(sql: "UPDATE refresh_tokens SET usedAt = ? WHERE token = ?",
                       arguments: [Int64(now.timeIntervalSince1970), refreshToken])
        return try issue(for: user, now: now, ttlSeconds: ttlSeconds, in: db)
    }

    /// The owner and expiry of an access token, or `nil` for an unknown token.
    static func lookup(accessToken: String, in db: Database) throws -> (userId: String, expiresAt: Int64)? {
        try Row.fetchOne(db, sql: "SELECT userId, expiresAt FROM access_tokens WHERE token = ?",
                         arguments: [accessToken]).map { ($0["userId"], $0["expiresAt"]) }
    }

    /// Forgets tokens nobody can use any more: access tokens expired for a day, refresh tokens
    /// spent a day ago (kept that long so a replay still gets the precise "already used" answer).
    private static func purgeStale(now: Date, in db: Database) throws {
        let dayAgo = Int64(now.timeIntervalSince1970) - 86_400
        try db.execute(sql: "DELETE FROM access_tokens WHERE expiresAt < ?", arguments: [dayAgo])
        try db.execute(sql: "DELETE FROM refresh_tokens WHERE usedAt IS NOT NULL AND usedAt < ?", arguments: [dayAgo])
    }
}
