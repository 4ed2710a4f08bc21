import CKeyring
import Foundation

/// One of the kernel's keyrings (keyrings(7)), holding small secrets as `user` keys. Used for the
/// kept client key: in the login session's keyring the key lives in kernel memory, never on disk,
/// and dies with the session (logout, reboot) — see docs/decisions.md 36.
public struct KernelKeyring: Sendable, Hashable {
    /// A special keyring id: `KEY_SPEC_SESSION_KEYRING` (-3) or `KEY_SPEC_PROCESS_KEYRING` (-2).
    public let ring: Int32

    public static let session = KernelKeyring(ring: -3)
    /// This process's own keyring: gone when it exits (for tests).
    public static let process = KernelKeyring(ring: -2)

    public init(ring: Int32) {
        self.ring = ring
    }

    /// The session keyring, when this process belongs to a login session that has one of its own
    /// (pam_keyinit). Without one the kernel would fall back to the user-session keyring shared by
    /// every process of the user, or make an anonymous keyring that dies with this process: neither
    /// is the session, so the caller uses its file instead.
    public static func sessionIfAvailable() -> KernelKeyring? {
        guard ckr_available() != 0 else { return nil }
        let session = ckr_keyring_id(-3, 0)
        let userSession = ckr_keyring_id(-5, 0)
        guard session > 0, session != userSession else { return nil }
        return .session
    }

    /// Adds or replaces the `user` key `description`. False when the kernel refused.
    @discardableResult
    public func store(_ secret: String, description: String) -> Bool {
        guard ckr_available() != 0 else { return false }
        let bytes = Array(secret.utf8)
        return bytes.withUnsafeBytes { buffer in
            ckr_add_key("user", description, buffer.baseAddress, buffer.count, ring) > 0
        }
    }

    /// Sets the key's timeout: the kernel destroys it `seconds` from now (0: never). False when
    /// there is no such key or the kernel refused.
    @discardableResult
    public func setTimeout(description: String, seconds: Int) -> Bool {
        guard let key = serial(description: description) else { return false }
        return ckr_set_timeout(key, UInt32(clamping: max(0, seconds))) == 0
    }

    /// The serial of the `user` key `description` this keyring reaches, if any.
    public func serial(description: String) -> Int32? {
        guard ckr_available() != 0 else { return nil }
        let key = ckr_search(ring, "user", description)
        return key > 0 ? key : nil
    }

    /// The secret stored as `description`, if this keyring holds it.
    public func load(description: String) -> String? {
        guard let key = serial(description: description) else { return nil }
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBytes { ckr_read(key, $0.baseAddress, $0.count) }
        guard length > 0, length <= buffer.count else { return nil }
        return String(decoding: buffer[0..<length], as: UTF8.self)
    }

    /// Invalidates the key (every keyring that links it loses it at once).
    public func remove(description: String) {
        if let key = serial(description: description) { _ = ckr_invalidate(key) }
    }
}
