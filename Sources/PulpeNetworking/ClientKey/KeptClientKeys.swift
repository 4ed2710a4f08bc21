import Foundation
import PulpeDomain
import PulpeStatusLine

/// The client key kept after a PIN unlock (`pulpe unlock`, or the TUI's PIN screen) so shell
/// commands — and the next TUI start — work without asking the PIN again (docs/product.md §5).
///
/// Where: the login session's kernel keyring when the process has one (`KernelKeyring`), else the
/// key agent (`KeyAgentLink`: a `pulpe-app` holding it in memory behind a 0600 socket, started at
/// the first keep), else nowhere — the PIN at each start. Never a file (decision 103;
/// decision 36 kept a 0600 `client-keys.json`, which a copied home turned into the whole account).
/// Each key is per server and per user, and bound to this state directory (the keyring's
/// description names `fileURL`, the agent's socket is named after it), so two homes or two
/// accounts never share one. `forget` clears every place.
///
/// A kept key lasts `key_ttl` since its last use (default 8 h; decision 36): in the keyring as the
/// key's own kernel timeout, in the agent as its entry's lifetime, both renewed at each read
/// (`key`) and not by a look (`peek`, `isKept`, `place`, `witness`).
///
/// `client-keys.json` is now only read once, at start (`checkAtStart`): a live key found there is
/// moved to the keyring or the agent, then the file is overwritten with zeros, synced and removed.
public struct KeptClientKeys: Sendable {
    /// `key_ttl` when nothing sets it: a working day.
    public static let defaultTTLSeconds = 8 * 3600

    /// Where a key was kept, for the user's message (a domain word, so the services' contracts
    /// need not import the networking module).
    public typealias Place = KeptKeyPlace

    /// The kept-key file of earlier versions: read only to move its keys away, and what binds
    /// the keyring's descriptions and the agent's socket to this state directory.
    public let fileURL: URL
    public let keyring: KernelKeyring?
    /// The key agent, where there is no keyring (nil: nowhere — the PIN at each start).
    public let agent: (any KeyAgentLink)?
    /// How long a key lasts since its last use when `keep` is not told otherwise (`key_ttl`).
    public let ttlSeconds: Int
    let now: @Sendable () -> Date

    public init(fileURL: URL, keyring: KernelKeyring? = KernelKeyring.sessionIfAvailable(), agent: (any KeyAgentLink)? = nil,
                ttlSeconds: Int = KeptClientKeys.defaultTTLSeconds, now: @escaping @Sendable () -> Date = { SystemTime.now() }) {
        self.fileURL = fileURL
        self.keyring = keyring
        self.agent = agent
        self.ttlSeconds = ttlSeconds
        self.now = now
    }

    /// `$XDG_STATE_HOME/pulpe/client-keys.json`, next to `session.json` (no longer written).
    public static func defaultFileURL(environment: [String: String]) -> URL {
        SessionStore.defaultFileURL(environment: environment).deletingLastPathComponent()
            .appendingPathComponent("client-keys.json")
    }

    /// The old file's shape, read by the migration. `package`, with its decoder and lookup, for
    /// the fuzz harness.
    package struct FileContents: Codable, Hashable {
        package var version = 1
        /// "server user" → 64 lowercase hex.
        package var keys: [String: String] = [:]
        /// "server user" → when the key stops being usable (Unix seconds). Absent in files written
        /// before key_ttl existed: such a key gets the default lifetime.
        package var expires: [String: Double]?
        /// "server user" → the lifetime each use renews (seconds), as chosen when it was kept.
        package var ttl: [String: Int]?
    }

    /// Keeps `key` for `userId` on `server` for `ttlSeconds` since its last use (default: this
    /// store's `key_ttl`): in the keyring when there is one, else the agent. A lifetime of 0 keeps
    /// nothing (and forgets what was kept): nil. Neither place taking it throws: the key is then
    /// asked again at the next start.
    @discardableResult
    public func keep(_ key: String, server: String, userId: String, ttlSeconds: Int? = nil) throws(SessionStoreError) -> Place? {
        let key = key.lowercased()
        let ttl = ttlSeconds ?? self.ttlSeconds
        guard ttl > 0 else {
            forget(server: server, userId: userId)
            return nil
        }
        let payload = KeyringPayload(key: key, ttlSeconds: ttl).text
        let name = description(server: server, userId: userId)
        if let keyring, keyring.store(payload, description: name) {
            keyring.setTimeout(description: name, seconds: ttl)
            return .keyring
        }
        if let agent, agent.keep(entry: entry(server: server, userId: userId), payload: payload, ttlSeconds: ttl) != nil {
            return .agent
        }
        throw .unwritable(path: agent?.socket ?? "key agent", reason: "no session keyring and no key agent answered")
    }

    /// The kept key, if any and not expired (a malformed one is ignored). Reading it is a use: its
    /// lifetime starts again.
    public func key(server: String, userId: String) -> String? {
        let name = description(server: server, userId: userId)
        if let keyring, let payload = keyring.load(description: name).flatMap(KeyringPayload.init(text:)),
           Self.isWellFormed(payload.key) {
            keyring.setTimeout(description: name, seconds: payload.ttlSeconds ?? ttlSeconds)
            return payload.key
        }
        return agentPayload(server: server, userId: userId, renewing: true)?.key
    }

    /// The kept key, if any and not expired, without using it: its lifetime is not renewed (what
    /// opens the sealed local files at every start — a status bar polling every few seconds must
    /// not keep a key alive).
    public func peek(server: String, userId: String) -> String? {
        if let payload = keyringPayload(server: server, userId: userId) { return payload.key }
        return agentPayload(server: server, userId: userId, renewing: false)?.key
    }

    /// Whether a live key is kept, without using it (its lifetime is not renewed).
    public func isKept(server: String, userId: String) -> Bool {
        place(server: server, userId: userId) != nil
    }

    /// `found` when it is a well-formed key, else nil: what a damaged file or keyring entry gives.
    package static func wellFormed(_ found: String?) -> String? {
        guard let found, isWellFormed(found) else { return nil }
        return found
    }

    /// Where the kept key is, if one is (not a use).
    public func place(server: String, userId: String) -> Place? {
        if keyringPayload(server: server, userId: userId) != nil { return .keyring }
        if agentPayload(server: server, userId: userId, renewing: false) != nil { return .agent }
        return nil
    }

    /// What an entry kept beside an account's key ends with (`<user>#stretch`, the stretched key
    /// the data key's wrap needs; `<user>#checked`, the fingerprint of the key's last check by the
    /// server): forgotten with the key.
    public static let besideSuffixes = ["#stretch", "#checked"]

    /// Forgets the key everywhere it may be, and what was kept beside it; true when a key was
    /// kept. The agent exits once it holds nothing.
    @discardableResult
    public func forget(server: String, userId: String) -> Bool {
        let had = peek(server: server, userId: userId) != nil
        for user in [userId] + Self.besideSuffixes.map({ userId + $0 }) {
            keyring?.remove(description: description(server: server, userId: user))
            agent?.forget(entry: entry(server: server, userId: user))
        }
        // The status memo the agent holds for the launcher goes with the key (and the agent,
        // holding nothing more, exits).
        agent?.forget(entry: StatusMemo.agentEntry)
        LegacyKeyFile.wipe(fileURL.path)
        return had
    }

    /// At start: moves the live keys an earlier version left in `client-keys.json` to the keyring
    /// or the agent, then wipes the file (zeros, synced, removed) — whatever it held, even
    /// unreadable. Returns the log line of a move (nil when there was no file) and why the file
    /// could not be read: that only costs a PIN prompt.
    public func checkAtStart() -> (moved: String?, problem: SessionStoreError?) {
        let contents: FileContents?
        do {
            guard let data = try PrivateFile.read(fileURL) else { return (nil, nil) }
            contents = try Self.decode(data, path: fileURL.path)
        } catch {
            LegacyKeyFile.wipe(fileURL.path)
            return (nil, error)
        }
        var moved: [Place] = []
        let now = now().timeIntervalSince1970
        for (entry, raw) in contents?.keys ?? [:] {
            let parts = entry.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let key = Self.wellFormed(raw) else { continue }
            if let expiry = contents?.expires?[entry], expiry <= now { continue }
            let ttl = contents?.ttl?[entry] ?? ttlSeconds
            if let place = try? keep(key, server: String(parts[0]), userId: String(parts[1]), ttlSeconds: ttl) { moved.append(place) }
        }
        LegacyKeyFile.wipe(fileURL.path)
        let places = Set(moved.map(\.rawValue)).sorted().joined(separator: ",")
        return ("\(fileURL.path): \(moved.count) kept key(s) moved\(moved.isEmpty ? "" : " to " + places), the file wiped", nil)
    }

    static func isWellFormed(_ key: String) -> Bool {
        key.utf8.count == 64 && key.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// How a live key is kept, for what `pulpe status` leaves for the launcher (decision 64):
    /// the keyring's key by description and serial, or the agent's entry by socket and serial.
    /// Not a use.
    public enum Witness: Sendable, Hashable {
        case keyring(ring: Int32, description: String, serial: Int32)
        /// The entry (its protocol hex) the agent at `socket` holds as `serial`.
        case agent(socket: String, entry: String, serial: UInt64)
    }

    /// The witness of the live key kept for `userId` on `server`, nil when none is.
    public func witness(server: String, userId: String) -> Witness? {
        let name = description(server: server, userId: userId)
        if let keyring, let serial = keyring.serial(description: name), keyringPayload(server: server, userId: userId) != nil {
            return .keyring(ring: keyring.ring, description: name, serial: serial)
        }
        let entry = entry(server: server, userId: userId)
        guard let agent, let socket = agent.socket, let serial = agent.serial(entry: entry) else { return nil }
        return .agent(socket: socket, entry: KeyAgentWire.hex(entry), serial: serial)
    }

    private func keyringPayload(server: String, userId: String) -> KeyringPayload? {
        guard let payload = keyring?.load(description: description(server: server, userId: userId))
            .flatMap(KeyringPayload.init(text:)), Self.isWellFormed(payload.key) else { return nil }
        return payload
    }

    private func agentPayload(server: String, userId: String, renewing: Bool) -> KeyringPayload? {
        guard let payload = agent?.payload(entry: entry(server: server, userId: userId), renewing: renewing)
            .flatMap(KeyringPayload.init(text:)), Self.isWellFormed(payload.key) else { return nil }
        return payload
    }

    private func description(server: String, userId: String) -> String {
        "pulpe:client-key:\(fileURL.path):\(server):\(userId)"
    }

    private func entry(server: String, userId: String) -> String { FileContents.entry(server: server, userId: userId) }

    /// The old file's bytes read back: whatever they hold, a `SessionStoreError` or the keys.
    package static func decode(_ data: Data, path: String) throws(SessionStoreError) -> FileContents {
        do {
            return try JSONDecoder().decode(FileContents.self, from: data)
        } catch {
            throw .unreadable(path: path, reason: "not a client-key file")
        }
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
