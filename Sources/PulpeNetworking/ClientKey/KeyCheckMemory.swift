import Foundation
import PulpeDomain
import PulpeCrypto

/// When a kept client key was last confirmed by `POST /encryption/validate-key`, so the shell can
/// trust it for a while without spending the route's 5-calls-a-minute quota (a status bar runs
/// `pulpe status` every few seconds). `$XDG_STATE_HOME/pulpe/key-checks.json`, 0600; it holds a
/// fingerprint of the key (SHA-256 of its bytes, cut to 16 hex), never the key, so a new key is
/// never taken as checked because an old one was. Losing the file only costs one validation.
public struct KeyCheckMemory: Sendable {
    /// How long a success is trusted. A PIN changed within this window is still caught: an answer
    /// that reads as zeros is checked again (`WrongKeySignature`).
    public static let trustedFor: TimeInterval = 10 * 60

    public let fileURL: URL
    let now: @Sendable () -> Date

    public init(fileURL: URL, now: @escaping @Sendable () -> Date = { SystemTime.now() }) {
        self.fileURL = fileURL
        self.now = now
    }

    public static func defaultFileURL(environment: [String: String]) -> URL {
        SessionStore.defaultFileURL(environment: environment).deletingLastPathComponent()
            .appendingPathComponent("key-checks.json")
    }

    struct Contents: Codable, Hashable {
        var version = 1
        /// "server user" → the last success.
        var checks: [String: Check] = [:]
    }

    struct Check: Codable, Hashable {
        var fingerprint: String
        /// Unix seconds.
        var at: Double
    }

    /// True when `key` was confirmed for this user less than `trustedFor` ago.
    public func recentlyConfirmed(_ key: String, server: String, userId: String) -> Bool {
        guard let fingerprint = Self.fingerprint(key), let check = read().checks[Self.entry(server, userId)],
              check.fingerprint == fingerprint else {
            return false
        }
        let age = now().timeIntervalSince1970 - check.at
        return age >= 0 && age < Self.trustedFor
    }

    /// Remembers a success (best effort: a failure to write only costs a validation later).
    public func confirmed(_ key: String, server: String, userId: String) {
        // No fingerprint (libcrypto missing, or not hex): nothing to remember it by.
        guard let fingerprint = Self.fingerprint(key) else { return }
        var contents = read()
        contents.checks[Self.entry(server, userId)] = Check(fingerprint: fingerprint, at: now().timeIntervalSince1970)
        write(contents)
    }

    /// Forgets the user's success (the key was refused, or forgotten).
    public func forget(server: String, userId: String) {
        var contents = read()
        guard contents.checks.removeValue(forKey: Self.entry(server, userId)) != nil else { return }
        write(contents)
    }

    private static func entry(_ server: String, _ userId: String) -> String { "\(server) \(userId)" }

    /// Nil when there is none to compare: an empty one would match every key.
    static func fingerprint(_ key: String) -> String? {
        ClientKey.fingerprint(ofKeyHex: key.lowercased()).map { String($0.prefix(16)) }
    }

    private func read() -> Contents {
        guard let data = try? PrivateFile.read(fileURL),
              let contents = try? JSONDecoder().decode(Contents.self, from: data) else { return Contents() }
        return contents
    }

    private func write(_ contents: Contents) {
        if contents.checks.isEmpty {
            try? PrivateFile.delete(fileURL)
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(contents) else { return }
        try? PrivateFile.write(data, to: fileURL)
    }
}
