import Foundation
import PulpeCrypto
import PulpeDomain

/// When a kept client key was last confirmed by `POST /encryption/validate-key`, so the shell can
/// trust it for a while without spending the route's 5-calls-a-minute quota (a status bar runs
/// `pulpe status` every few seconds).
///
/// Kept where the client key is kept — the session keyring or the key agent, as an entry of its
/// own (`#checked`) that lives `trustedFor` — and only while the key is kept: its fingerprint on
/// disk (`key-checks.json`, until decision 102) let a copy of the disk test a PIN with one SHA-256,
/// past the vault's Argon2id. The fingerprint (SHA-256 of the key's bytes) never takes an old key
/// for a new one. Losing it only costs one validation.
public struct KeyCheckMemory: Sendable {
    /// How long a success is trusted. A PIN changed within this window is still caught: an answer
    /// that reads as zeros is checked again (`WrongKeySignature`).
    public static let trustedFor: TimeInterval = 10 * 60
    /// Appended to the user id: the check's own entry beside the client key's.
    static let suffix = "#checked"

    public let keys: KeptClientKeys

    public init(keys: KeptClientKeys) {
        self.keys = keys
    }

    /// `key-checks.json`, where the checks were kept before decision 102: removed at start.
    public static func legacyFileURL(environment: [String: String]) -> URL {
        SessionStore.defaultFileURL(environment: environment).deletingLastPathComponent()
            .appendingPathComponent("key-checks.json")
    }

    /// Removes the file of before (a fingerprint per user, a fast oracle for the PIN); true when
    /// there was one.
    @discardableResult
    public static func removeLegacyFile(environment: [String: String]) -> Bool {
        let url = legacyFileURL(environment: environment)
        guard FileManager.default.fileExists(atPath: url.path) else { return false }
        try? PrivateFile.delete(url)
        return true
    }

    /// True when `key` was confirmed for this user less than `trustedFor` ago.
    public func recentlyConfirmed(_ key: String, server: String, userId: String) -> Bool {
        guard let fingerprint = Self.fingerprint(key) else { return false }
        return keys.peek(server: server, userId: userId + Self.suffix) == fingerprint
    }

    /// Remembers a success while the key is kept (best effort: a failure only costs a validation
    /// later).
    public func confirmed(_ key: String, server: String, userId: String) {
        // No fingerprint (libcrypto missing, or not hex): nothing to remember it by.
        guard let fingerprint = Self.fingerprint(key), keys.isKept(server: server, userId: userId) else { return }
        // Never longer than the key's own lifetime: a `key_ttl` of seconds must not leave the
        // check (and the agent holding it) behind the key.
        _ = try? keys.keep(fingerprint, server: server, userId: userId + Self.suffix,
                           ttlSeconds: min(Int(Self.trustedFor), keys.ttlSeconds))
    }

    /// Forgets the user's success (the key was refused, or forgotten).
    public func forget(server: String, userId: String) {
        keys.forget(server: server, userId: userId + Self.suffix)
    }

    /// SHA-256 of the key's bytes (64 hex); nil when there is none to compare: an empty one would
    /// match every key.
    static func fingerprint(_ key: String) -> String? {
        ClientKey.fingerprint(ofKeyHex: key.lowercased())
    }
}
