import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small file only its owner may read (sessions, kept client keys): mode 0600 in a 0700
/// directory. A write goes to a temporary file created with `O_CREAT|O_EXCL` and mode 0600 — so
/// the bytes are never readable by others, not even for an instant — then is `fsync`ed and
/// renamed over the old file, and the directory is `fsync`ed (a crash or a power cut leaves the
/// old or the new file, never half of one, nor none). A file
/// found with wider permissions is tightened: at start by `tighten` (which says so, for the log),
/// and again on every read as a backstop.
enum PrivateFile {
    /// The file's bytes; nil when there is none. Only a regular file is read: a FIFO in its place
    /// would block the read forever, a directory cannot be read at all.
    static func read(_ url: URL) throws(SessionStoreError) -> Data? {
        let path = url.path
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .unreadable(path: path, reason: info.st_mode & S_IFMT == S_IFDIR ? "a directory is in its place"
                                                                                    : "not a regular file")
        }
        if info.st_mode & 0o077 != 0 {
            _ = chmod(path, 0o600)
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
    }

    /// At start: tightens the file at `url` to 0600 if it was wider (the log line, or nil) and says
    /// whether `read` can read it. Shared by the session and kept-key stores, whose unreadable file
    /// only means « sign in again » or « the PIN again ».
    static func checkAtStart(_ url: URL, read: () throws(SessionStoreError) -> Void)
        -> (tightened: String?, problem: SessionStoreError?) {
        let tightened = tighten(url)
        do {
            try read()
            return (tightened, nil)
        } catch {
            return (tightened, error)
        }
    }

    /// Sets an existing regular file's mode to 0600 when it is wider; returns the English log line
    /// when it did (`"<path>: mode 0644 tightened to 0600"`), nil when nothing had to change.
    static func tighten(_ url: URL) -> String? {
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 != 0 else { return nil }
        guard chmod(url.path, 0o600) == 0 else {
            return "\(url.path): mode \(octal(mode)) is too wide and cannot be tightened: \(String(cString: strerror(errno)))"
        }
        return "\(url.path): mode \(octal(mode)) tightened to 0600"
    }

    private static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func write(_ data: Data, to url: URL) throws(SessionStoreError) {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritable(path: path, reason: error.localizedDescription)
        }
        let temporary = directory + "/.\(url.lastPathComponent).\(getpid()).\(UUID().uuidString.prefix(8)).tmp"
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
        if let failure = syncDirectory(directory) { throw .unwritable(path: path, reason: failure) }
    }

    /// `fsync`s `directory`, so the rename just made in it survives a power cut (decision 98):
    /// the reason when it cannot be, nil when done.
    static func syncDirectory(_ directory: String) -> String? {
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { close(descriptor) }
        return fsync(descriptor) == 0 ? nil : String(cString: strerror(errno))
    }

    static func delete(_ url: URL) throws(SessionStoreError) {
        if unlink(url.path) != 0, errno != ENOENT {
            throw .unwritable(path: url.path, reason: String(cString: strerror(errno)))
        }
    }
}
