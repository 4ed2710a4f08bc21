import Foundation

/// `GET /api/v1/encryption/salt` (not enveloped): what the client key is derived with (§5).
public struct EncryptionSalt: Sendable, Hashable, Codable {
    /// 32 hex characters (16 bytes).
    public var salt: String
    /// PBKDF2 iteration count; refuse values outside `acceptedIterations`.
    public var kdfIterations: Int
    public var hasRecoveryKey: Bool?

    public init(salt: String, kdfIterations: Int, hasRecoveryKey: Bool? = nil) {
        self.salt = salt
        self.kdfIterations = kdfIterations
        self.hasRecoveryKey = hasRecoveryKey
    }

    /// Iteration counts a client accepts: fewer would weaken the key, more could be a denial of service.
    public static let acceptedIterations: ClosedRange<Int> = 500_000...2_000_000

    /// Whether `kdfIterations` is in the accepted range.
    public var hasAcceptableIterations: Bool { EncryptionSalt.acceptedIterations.contains(kdfIterations) }
}
