import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps sessions between runs in `$XDG_STATE_HOME/pulpe/session.json`, keyed by server (the API
/// base), so tokens of two servers never mix:
/// `{"version":1,"servers":{"https://api.pulpe.app/api/v1":{"session":{…},"receivedAt":"…","kind":"password"}}}`.
///
/// Secrecy: the file is always mode 0600 and its directory 0700. A write goes to a temporary file
/// created with `O_CREAT|O_EXCL` and mode 0600 — so the bytes are never readable by others, not
/// even for an instant — then is `fsync`ed and renamed over the old file (a crash leaves the old
/// or the new file, never half of one). A file found with wider permissions is tightened on read.
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

    struct FileContents: Codable {
        var version = 1
        var servers: [String: StoredSession] = [:]
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

    /// Deletes the file (every server's session).
    public func deleteFile() throws(SessionStoreError) {
        if unlink(fileURL.path) != 0, errno != ENOENT {
            throw .unwritable(path: fileURL.path, reason: String(cString: strerror(errno)))
        }
    }

    // MARK: File access

    func read() throws(SessionStoreError) -> FileContents {
        let path = fileURL.path
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return FileContents() }
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        if info.st_mode & 0o077 != 0 {
            _ = chmod(path, 0o600)
        }
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        do {
            return try JSONDecoder().decode(FileContents.self, from: data)
        } catch {
            throw .unreadable(path: path, reason: "not a session file")
        }
    }

    func write(_ contents: FileContents) throws(SessionStoreError) {
        let path = fileURL.path
        let directory = fileURL.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritable(path: path, reason: error.localizedDescription)
        }
        let data: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            data = try encoder.encode(contents)
        } catch {
            throw .unwritable(path: path, reason: "cannot encode the session")
        }
        let temporary = directory + "/.session.\(getpid()).\(UUID().uuidString.prefix(8)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o600))
        guard fd >= 0 else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
        var failure: String?
        // umask can only remove bits; fchmod makes the mode exactly 0600 whatever it is.
        if fchmod(fd, 0o600) != 0 { failure = String(cString: strerror(errno)) }
        if failure == nil {
            failure = data.withUnsafeBytes { buffer -> String? in
                var offset = 0
                while offset < buffer.count {
                    let written = posixWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return String(cString: strerror(errno))
                    }
                    offset += written
                }
                return nil
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw .unwritable(path: path, reason: failure)
        }
    }
}

/// `write(2)`, named apart from the method above.
private func posixWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, bytes, count)
    #else
    return Darwin.write(fd, bytes, count)
    #endif
}
