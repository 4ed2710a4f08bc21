import Foundation

/// Keeps sessions between runs in `$XDG_STATE_HOME/pulpe/session.json`, keyed by server (the API
/// base), so tokens of two servers never mix:
/// `{"version":1,"servers":{"https://api.pulpe.app/api/v1":{"session":{…},"receivedAt":"…","kind":"password"}}}`.
///
/// Secrecy: a `PrivateFile` — mode 0600 in a 0700 directory, written atomically, never readable
/// by others even for an instant.
///
/// Two processes (the TUI and `pulpe add`) may write: each write re-reads the file and replaces one
/// entry, last writer wins.
public struct SessionStore: Sendable {
    public let fileURL: URL

    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// `$XDG_STATE_HOME/pulpe/session.json`, else `~/.local/state/pulpe/session.json`.
    public static func defaultFileURL(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("pulpe/session.json")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state/pulpe/session.json")
    }

    /// The file's shape. `package`, with its decoder and encoder, for the fuzz harness.
    package struct FileContents: Codable, Hashable {
        package var version = 1
        package var servers: [String: StoredSession] = [:]
    }

    /// The session stored for `server`, if any.
    public func load(server: String) throws(SessionStoreError) -> StoredSession? {
        try read().servers[server]
    }

    /// Stores `session` for `server`, keeping the other servers' entries.
    public func save(_ session: StoredSession, server: String) throws(SessionStoreError) {
        var contents = (try? read()) ?? FileContents()
        contents.servers[server] = session
        try write(contents)
    }

    /// Forgets `server`'s session; deletes the file when no session is left.
    public func remove(server: String) throws(SessionStoreError) {
        var contents = (try? read()) ?? FileContents()
        contents.servers[server] = nil
        if contents.servers.isEmpty {
            try deleteFile()
        } else {
            try write(contents)
        }
    }

    /// At start: tightens the file to 0600 if it was wider (the log line, or nil) and says whether
    /// it can be read. An unreadable file is not an error for the app: it means « log in again »,
    /// and the next login writes a good file over it.
    public func checkAtStart() -> (tightened: String?, problem: SessionStoreError?) {
        PrivateFile.checkAtStart(fileURL) { () throws(SessionStoreError) in _ = try read() }
    }

    /// Deletes the file (every server's session).
    public func deleteFile() throws(SessionStoreError) {
        try PrivateFile.delete(fileURL)
    }

    // MARK: File access

    func read() throws(SessionStoreError) -> FileContents {
        guard let data = try PrivateFile.read(fileURL) else { return FileContents() }
        return try Self.decode(data, path: fileURL.path)
    }

    func write(_ contents: FileContents) throws(SessionStoreError) {
        try PrivateFile.write(try Self.encode(contents, path: fileURL.path), to: fileURL)
    }

    /// The file's bytes read back: whatever they hold, a `SessionStoreError` or the sessions.
    package static func decode(_ data: Data, path: String) throws(SessionStoreError) -> FileContents {
        do {
            return try JSONDecoder().decode(FileContents.self, from: data)
        } catch {
            throw .unreadable(path: path, reason: "not a session file")
        }
    }

    /// The bytes written for `contents` (sorted keys: one file per state, whatever the order of edits).
    package static func encode(_ contents: FileContents, path: String) throws(SessionStoreError) -> Data {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return try encoder.encode(contents)
        } catch {
            throw .unwritable(path: path, reason: "cannot encode the session")
        }
    }
}
