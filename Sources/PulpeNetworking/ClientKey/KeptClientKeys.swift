import Foundation
import PulpeDomain

/// The client key kept after a PIN unlock (`pulpe unlock`, or the TUI's PIN screen) so shell
/// commands — and the next TUI start — work without asking the PIN again (product.md §5).
///
/// Where: the login session's kernel keyring when the process has one (`KernelKeyring`), else
/// `$XDG_STATE_HOME/pulpe/client-keys.json`, a `PrivateFile` beside the session tokens. Each key
/// is per server and per user, and bound to this state directory (the keyring's description
/// names the file), so two homes or two accounts never share one. `forget` clears both places.
/// The trade-off is recorded in docs/decisions.md 36.
public struct KeptClientKeys: Sendable {
    /// Where a key was kept, for the user's message.
    public enum Place: String, Sendable, Hashable {
        case keyring
        case file
    }

    public let fileURL: URL
    public let keyring: KernelKeyring?

    public init(fileURL: URL, keyring: KernelKeyring? = KernelKeyring.sessionIfAvailable()) {
        self.fileURL = fileURL
        self.keyring = keyring
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
    }

    /// Keeps `key` for `userId` on `server`: in the keyring when there is one, else the file.
    @discardableResult
    public func keep(_ key: String, server: String, userId: String) throws(SessionStoreError) -> Place {
        let key = key.lowercased()
        if let keyring, keyring.store(key, description: description(server: server, userId: userId)) {
            // A copy left in the file by an earlier run without a keyring must not outlive this one.
            try? update { $0.keys[entry(server: server, userId: userId)] = nil }
            return .keyring
        }
        try update { $0.keys[entry(server: server, userId: userId)] = key }
        return .file
    }

    /// The kept key, if any (a malformed one is ignored).
    public func key(server: String, userId: String) -> String? {
        let fromKeyring = keyring?.load(description: description(server: server, userId: userId))
        return Self.wellFormed(fromKeyring ?? (try? read())?.key(server: server, userId: userId))
    }

    /// `found` when it is a well-formed key, else nil: what a damaged file or keyring entry gives.
    package static func wellFormed(_ found: String?) -> String? {
        guard let found, isWellFormed(found) else { return nil }
        return found
    }

    /// Where the kept key is, if one is.
    public func place(server: String, userId: String) -> Place? {
        if let found = keyring?.load(description: description(server: server, userId: userId)), Self.isWellFormed(found) {
            return .keyring
        }
        if Self.wellFormed((try? read())?.key(server: server, userId: userId)) != nil { return .file }
        return nil
    }

    /// Forgets the key everywhere it may be; true when one was kept.
    @discardableResult
    public func forget(server: String, userId: String) -> Bool {
        let had = key(server: server, userId: userId) != nil
        keyring?.remove(description: description(server: server, userId: userId))
        try? update { $0.keys[entry(server: server, userId: userId)] = nil }
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
        guard after.keys != before.keys else { return }
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
    /// The entry's name: "server user".
    package static func entry(server: String, userId: String) -> String { "\(server) \(userId)" }

    /// The raw text kept for `userId` on `server`, well-formed or not.
    package func key(server: String, userId: String) -> String? { keys[Self.entry(server: server, userId: userId)] }
}
