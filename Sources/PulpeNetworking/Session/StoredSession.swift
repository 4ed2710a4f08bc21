import Foundation
import PulpeDomain

/// A token answer as kept between runs: the tokens, when they arrived, and how the session began.
///
/// Every textual view of it (`description`, `debugDescription`, `dump`) redacts the tokens.
public struct StoredSession: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var session: AuthSession
    /// When the token answer was received (the expiry fallback when `expires_at` is missing).
    public var receivedAt: Date
    public var kind: SessionKind

    public init(session: AuthSession, receivedAt: Date, kind: SessionKind) {
        self.session = session
        self.receivedAt = receivedAt
        self.kind = kind
    }

    /// When the access token stops working.
    public var expiresAt: Date { session.expiryDate(receivedAt: receivedAt) }

    /// Whether to refresh before using the access token at `now`.
    public func needsRefresh(now: Date, margin: TimeInterval) -> Bool {
        session.needsRefresh(now: now, receivedAt: receivedAt, margin: margin)
    }

    /// What the app may show or log about the session: no token.
    public var info: SessionInfo {
        SessionInfo(userId: session.user.id, email: session.user.email, kind: kind, expiresAt: expiresAt)
    }

    public var description: String {
        "StoredSession(kind: \(kind.rawValue), user: \(session.user.id), expires: \(PulpeDate.format(expiresAt, fractionDigits: 0)), tokens: <redacted>)"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["kind": kind, "user": session.user.id, "expiresAt": expiresAt, "tokens": "<redacted>"])
    }
}

extension StoredSession: Codable {
    enum CodingKeys: String, CodingKey { case session, receivedAt, kind }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        session = try c.decode(AuthSession.self, forKey: .session)
        let received = try c.decode(String.self, forKey: .receivedAt)
        guard let date = PulpeDate.parse(received) else {
            throw DecodingError.dataCorruptedError(forKey: .receivedAt, in: c, debugDescription: "not an ISO-8601 timestamp")
        }
        receivedAt = date
        kind = (try? c.decode(SessionKind.self, forKey: .kind)) ?? .password
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(session, forKey: .session)
        try c.encode(PulpeDate.format(receivedAt), forKey: .receivedAt)
        try c.encode(kind, forKey: .kind)
    }
}
