import Foundation
import PulpeDomain

/// Where a PIN can be checked without the server: the KDF parameters an online unlock used, kept
/// beside the data key they wrap (decision 83). A PIN derived with them that opens the data key is
/// this account's PIN — which lets a locked, offline start open its own data.
public protocol OfflineKeyVault: Sendable {
    /// Keeps the salt and rounds that derived `clientKey` (after an online unlock).
    func remember(_ salt: EncryptionSalt, forClientKey clientKey: String)
    /// The salts kept, newest first.
    func keptSalts() -> [EncryptionSalt]
    /// Whether `clientKey` opens the local data.
    func opens(clientKey: String) -> Bool
}
