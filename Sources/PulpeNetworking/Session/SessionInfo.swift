import Foundation
import PulpeDomain

/// The shareable facts about a session (no tokens): for the UI and logs.
public struct SessionInfo: Sendable, Hashable {
    public var userId: String
    public var email: String?
    public var kind: SessionKind
    public var expiresAt: Date

    public init(userId: String, email: String?, kind: SessionKind, expiresAt: Date) {
        self.userId = userId
        self.email = email
        self.kind = kind
        self.expiresAt = expiresAt
    }
}
