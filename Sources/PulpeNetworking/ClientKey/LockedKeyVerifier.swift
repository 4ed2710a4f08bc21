import Foundation
import PulpeCrypto
import PulpeDomain

/// What lets the PIN open a screen locked by the TUI (idle lock, `L`) while the server cannot be
/// asked (offline, maintenance): the salt of the last PIN unlock and a fingerprint of its key
/// (SHA-256 — the key itself is gone from memory). In memory only, for this process; forgotten
/// when the key is refused or the user signs out. Someone who could read this process's memory
/// could try the 10 000 PINs against it — as they could against the salt the server hands any
/// holder of the session's tokens (decision 43).
public actor LockedKeyVerifier {
    private var salt: EncryptionSalt?
    private var fingerprint: String?

    public init() {}

    /// The salt of a PIN that unlocked online (the derivation an offline unlock repeats).
    func remember(salt: EncryptionSalt) {
        self.salt = salt
    }

    /// The key being locked away: keep only its fingerprint.
    func lockAway(key: String) {
        fingerprint = ClientKey.fingerprint(ofKeyHex: key)
    }

    var hasSalt: Bool { salt != nil }

    func forget() {
        salt = nil
        fingerprint = nil
    }

    /// What an offline unlock needs, when it is there.
    var verifier: (salt: EncryptionSalt, fingerprint: String)? {
        guard let salt, let fingerprint else { return nil }
        return (salt, fingerprint)
    }
}
