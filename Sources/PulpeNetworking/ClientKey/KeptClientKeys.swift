import Foundation
import PulpeDomain

/// The client key kept after a PIN unlock (`pulpe unlock`, or the TUI's PIN screen) so shell
/// commands — and the next TUI start — work without asking the PIN again (docs/product.md §5).
///
/// Where: the login session's kernel keyring when the process has one (`KernelKeyring`), else
/// `$XDG_STATE_HOME/pulpe/client-keys.json`, a `PrivateFile` beside the session tokens. Each key
/// is per server and per user, and bound to this state directory (the keyring's description
/// names the file), so two homes or two accounts never share one. `forget` clears both places.
/// The trade-off is recorded in docs/decisions.md 36.
///
/// A kept key lasts `key_ttl` since its last use (default 8 h; issue 21): in the keyring as the
/// key's own kernel timeout, renewed at each read; in the file as an expiry written beside it,
/// checked at each read (an expired entry is removed) and moved forward when used.
public struct KeptClientKeys: Sendable {
    /// `key_ttl` when nothing sets it: a working day.
    public static let defaultTTLSeconds = 8 * 3600
    /// A use moves the file's expiry only when it gains more than this (at most a tenth of the
    /// lifetime, so a short `key_ttl` is still « since the last use »): a status bar reading the
    /// key every few seconds does not rewrite the file every few seconds.
    static let renewalSlackSeconds = 60.0

    /// Where a key was kept, for the user's message (a domain word, so the services' contracts
    /// need not import the networking module).
    public typealias Place = KeptKeyPlace

    public let fileURL: URL
    public let keyring: KernelKeyring?
    /// How long a key lasts since its last use when `keep` is not told otherwise (`key_ttl`).
    public let ttlSeconds: Int
    let now: @Sendable () -> Date

    public init(fileURL: URL, keyring: KernelKeyring? = KernelKeyring.sessionIfAvailable(),
                ttlSeconds: Int = KeptClientKeys.defaultTTLSeconds, now: @escaping @Sendable () -> Date = { SystemTime.now() }) {
        self.fileURL = fileURL
        self.keyring = keyring
        self.ttlSeconds = ttlSeconds
        self.now = now
    }

    /// `$XDG_STATE_HOME/pulpe/client-keys.json`, next to `session.json`.
    public static func defaultFileURL(environment: [String: String]) -> URL {
        SessionStore.defaultFileURL(environment: environment).deletingLastPathComponent()
            .appendingPathComponent("client-keys.json")
    }

    /// The file's shape. `package`, with its decoder and lookup, for the fuzz harness.
    package struct FileContents: Codable, Hashable {
        package var version = 1
        /// "server user" → 64 lowercase hex.
        package var keys: [String: String] = [:]
        /// "server user" → when the key stops being usable (Unix seconds). Absent in files written
        /// before key_ttl existed: such a key gets the default lifetime from its first read.
        package var expires: [String: Double]?
        /// "server user" → the lifetime each use renews (seconds), as chosen when it was kept.
        package var ttl: [String: Int]?
    }

    /// Keeps `key` for `userId` on `server` for `ttlSeconds` since its last use (default: this
    /// store's `key_ttl`): in the keyring when there is one, else the file. A lifetime of 0 keeps
    /// nothing (and forgets what was kept): nil.
    @discardableResult
    public func keep(_ key: String, server: String, userId: String, ttlSeconds: Int? = nil) throws(SessionStoreError) -> Place? {
        let key = key.lowercased()
        let ttl = ttlSeconds ?? self.ttlSeconds
        guard ttl > 0 else {
            forget(server: server, userId: userId)
            return nil
        }
        let name = description(server: server, userId: userId)
        if let keyring, keyring.store(KeyringPayload(key: key, ttlSeconds: ttl).text, description: name) {
            keyring.setTimeout(description: name, seconds: ttl)
            // A copy left in the file by an earlier run without a keyring must not outlive this one.
            try? update { $0.remove(entry(server: server, userId: userId)) }
            return .keyring
        }
        let expiry = now().timeIntervalSince1970 + Double(ttl)
        try update { contents in
            let entry = entry(server: server, userId: userId)
            contents.keys[entry] = key
            contents.expires = (contents.expires ?? [:]).merging([entry: expiry]) { $1 }
            contents.ttl = (contents.ttl ?? [:]).merging([entry: ttl]) { $1 }
        }
        return .file
    }

    /// The kept key, if any and not expired (a malformed one is ignored). Reading it is a use: its
    /// lifetime starts again. An expired file entry is removed.
    public func key(server: String, userId: String) -> String? {
        let name = description(server: server, userId: userId)
        if let keyring, let payload = keyring.load(description: name).flatMap(KeyringPayload.init(text:)),
           Self.isWellFormed(payload.key) {
            keyring.setTimeout(description: name, seconds: payload.ttlSeconds ?? ttlSeconds)
            return payload.key
        }
        return liveFileKey(server: server, userId: userId)
    }

    /// The kept key, if any and not expired, without using it: its lifetime is not renewed (what
    /// opens the sealed local files at every start — a status bar polling every few seconds must
    /// not keep a key alive).
    public func peek(server: String, userId: String) -> String? {
        if let payload = keyring?.load(description: description(server: server, userId: userId))
            .flatMap(KeyringPayload.init(text:)), Self.isWellFormed(payload.key) {
            return payload.key
        }
        return liveFileKey(server: server, userId: userId, renewing: false)
    }

    /// Whether a live key is kept, without using it (its lifetime is not renewed; an expired file
    /// entry is removed).
    public func isKept(server: String, userId: String) -> Bool {
        if let payload = keyring?.load(description: description(server: server, userId: userId))
            .flatMap(KeyringPayload.init(text:)), Self.isWellFormed(payload.key) {
            return true
        }
        return liveFileKey(server: server, userId: userId, renewing: false) != nil
    }

    /// The file's key when its expiry has not passed; renews (a use) or removes it as a read must.
    private func liveFileKey(server: String, userId: String, renewing: Bool = true) -> String? {
        guard let contents = try? read() else { return nil }
        let entry = entry(server: server, userId: userId)
        guard let found = Self.wellFormed(contents.key(server: server, userId: userId)) else { return nil }
        let now = now().timeIntervalSince1970
        let ttl = Double(contents.ttl?[entry] ?? ttlSeconds)
        if let expiry = contents.expires?[entry], expiry <= now {
            try? update { $0.remove(entry) }
            return nil
        }
        let renewed = now + ttl
        let slack = min(Self.renewalSlackSeconds, ttl / 10)
        if renewing || contents.expires?[entry] == nil, renewed - (contents.expires?[entry] ?? 0) > slack {
            try? update { $0.expires = ($0.expires ?? [:]).merging([entry: renewed]) { $1 } }
        }
        return found
    }

    /// When the file's entry stops being usable, if the file holds one (for `pulpe unlock`'s message and tests).
    public func fileExpiry(server: String, userId: String) -> Date? {
        (try? read())?.expires?[entry(server: server, userId: userId)].map { Date(timeIntervalSince1970: $0) }
    }

    /// `found` when it is a well-formed key, else nil: what a damaged file or keyring entry gives.
    package static func wellFormed(_ found: String?) -> String? {
        guard let found, isWellFormed(found) else { return nil }
        return found
    }

    /// Where the kept key is, if one is.
    public func place(server: String, userId: String) -> Place? {
        if let found = keyring?.load(description: description(server: server, userId: userId))
            .flatMap(KeyringPayload.init(text:)), Self.isWellFormed(found.key) {
            return .keyring
        }
        if liveFileKey(server: server, userId: userId, renewing: false) != nil { return .file }
        return nil
    }

    /// Forgets the key everywhere it may be; true when one was kept.
    @discardableResult
    public func forget(server: String, userId: String) -> Bool {
        let had = key(server: server, userId: userId) != nil
        keyring?.remove(description: description(server: server, userId: userId))
        try? update { $0.remove(entry(server: server, userId: userId)) }
        return had
    }

    /// At start: tightens the file to 0600 if it was wider (the log line, or nil) and says whether
    /// it can be read. An unreadable file only costs a PIN prompt: the next PIN rewrites it.
    public func checkAtStart() -> (tightened: String?, problem: SessionStoreError?) {
        PrivateFile.checkAtStart(fileURL) { () throws(SessionStoreError) in _ = try read() }
    }

    static func isWellFormed(_ key: String) -> Bool {
        key.utf8.count == 64 && key.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// How a live key is kept, for what `pulpe status` leaves for the launcher (decision 64):
    /// the keyring's key by description and serial, or the file's expiry. Not a use.
    public enum Witness: Sendable, Hashable {
        case keyring(ring: Int32, description: String, serial: Int32)
        case file(expiresAt: Double)
    }

    /// The witness of the live key kept for `userId` on `server`, nil when none is (or the file's
    /// entry has no expiry yet).
    public func witness(server: String, userId: String) -> Witness? {
        let name = description(server: server, userId: userId)
        if let keyring, let serial = keyring.serial(description: name),
           let payload = keyring.load(description: name).flatMap(KeyringPayload.init(text:)), Self.isWellFormed(payload.key) {
            return .keyring(ring: keyring.ring, description: name, serial: serial)
        }
        guard liveFileKey(server: server, userId: userId, renewing: false) != nil,
              let expiry = (try? read())?.expires?[entry(server: server, userId: userId)] else { return nil }
        return .file(expiresAt: expiry)
    }

    private func description(server: String, userId: String) -> String {
        "pulpe:client-key:\(fileURL.path):\(server):\(userId)"
    }

    private func entry(server: String, userId: String) -> String { FileContents.entry(server: server, userId: userId) }

    private func read() throws(SessionStoreError) -> FileContents {
        guard let data = try PrivateFile.read(fileURL) else { return FileContents() }
        return try Self.decode(data, path: fileURL.path)
    }

    /// The file's bytes read back: whatever they hold, a `SessionStoreError` or the keys.
    package static func decode(_ data: Data, path: String) throws(SessionStoreError) -> FileContents {
        do {
            return try JSONDecoder().decode(FileContents.self, from: data)
        } catch {
            throw .unreadable(path: path, reason: "not a client-key file")
        }
    }

    /// Re-reads, changes and rewrites the file (deleted when empty); nothing written when nothing changed.
    private func update(_ change: (inout FileContents) -> Void) throws(SessionStoreError) {
        let before = (try? read()) ?? FileContents()
        var after = before
        change(&after)
        guard after != before else { return }
        if after.keys.isEmpty {
            try PrivateFile.delete(fileURL)
            return
        }
        let data: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            data = try encoder.encode(after)
        } catch {
            throw .unwritable(path: fileURL.path, reason: "cannot encode the client keys")
        }
        try PrivateFile.write(data, to: fileURL)
    }
}

extension KeptClientKeys.FileContents {
    /// Drops everything kept for `entry`.
    package mutating func remove(_ entry: String) {
        keys[entry] = nil
        expires?[entry] = nil
        ttl?[entry] = nil
        if expires?.isEmpty == true { expires = nil }
        if ttl?.isEmpty == true { ttl = nil }
    }

    /// The entry's name: "server user".
    package static func entry(server: String, userId: String) -> String { "\(server) \(userId)" }

    /// The raw text kept for `userId` on `server`, well-formed or not.
    package func key(server: String, userId: String) -> String? { keys[Self.entry(server: server, userId: userId)] }
}
