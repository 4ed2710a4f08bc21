import Foundation

/// A Supabase GoTrue token answer (§5), from the password grant, the refresh grant or a demo session.
///
/// Keys are snake_case on the wire. The refresh token is single-use: store the new one every time.
public struct AuthSession: Sendable, Hashable {
    public var accessToken: String
    /// `bearer`.
    public var tokenType: String
    /// Lifetime in seconds from issue (3600).
    public var expiresIn: Int
    /// Expiry as Unix seconds; `nil` if a server omits it (then use `expiryDate(receivedAt:)`).
    public var expiresAt: Int64?
    public var refreshToken: String
    public var user: AuthUser

    public init(accessToken: String, tokenType: String = "bearer", expiresIn: Int, expiresAt: Int64?,
                refreshToken: String, user: AuthUser) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.expiresAt = expiresAt
        self.refreshToken = refreshToken
        self.user = user
    }

    /// When the access token stops working: `expires_at`, else `receivedAt + expires_in`.
    public func expiryDate(receivedAt: Date) -> Date {
        if let expiresAt { return Date(timeIntervalSince1970: TimeInterval(expiresAt)) }
        return receivedAt.addingTimeInterval(TimeInterval(expiresIn))
    }

    /// Whether to refresh now: the token expires within `margin` seconds of `now` (refresh *before*
    /// expiry so a request never leaves with a token that dies in flight).
    public func needsRefresh(now: Date, receivedAt: Date, margin: TimeInterval = 60) -> Bool {
        expiryDate(receivedAt: receivedAt).timeIntervalSince(now) <= margin
    }
}

extension AuthSession: Codable {
    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case expiresAt = "expires_at"
        case refreshToken = "refresh_token"
        case user
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        accessToken = try c.decode(String.self, forKey: .accessToken)
        tokenType = try c.decode(String.self, forKey: .tokenType, default: "bearer")
        expiresIn = try c.decode(Int.self, forKey: .expiresIn)
        expiresAt = try c.decodeIfPresent(Int64.self, forKey: .expiresAt)
        refreshToken = try c.decode(String.self, forKey: .refreshToken)
        user = try c.decode(AuthUser.self, forKey: .user)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(accessToken, forKey: .accessToken)
        try c.encode(tokenType, forKey: .tokenType)
        try c.encode(expiresIn, forKey: .expiresIn)
        try c.encodeIfPresent(expiresAt, forKey: .expiresAt)
        try c.encode(refreshToken, forKey: .refreshToken)
        try c.encode(user, forKey: .user)
    }
}

/// Tokens are secrets: every textual view of a session (interpolation, `print`, `dump`, test
/// failure messages, log metadata) shows whose it is and until when, never the tokens.
extension AuthSession: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "AuthSession(user: \(user.id), tokenType: \(tokenType), expiresIn: \(expiresIn), "
            + "expiresAt: \(expiresAt.map { String($0) } ?? "nil"), tokens: <redacted>)"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["user": user, "tokenType": tokenType, "expiresIn": expiresIn,
                                "expiresAt": expiresAt as Any, "tokens": "<redacted>"])
    }
}
