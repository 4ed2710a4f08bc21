import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file-system side of the cache: private folder and file modes, and discarding a bad file.
///
/// The cache holds the user's amounts, so the folder is 0700 and the file (with SQLite's `-wal`
/// and `-shm` companions) 0600 from the first byte on.
enum CacheFiles {
    /// The companions SQLite may leave next to the database; they belong to it and go with it.
    static let companionSuffixes = ["-wal", "-shm", "-journal"]

    /// Creates the folder holding `path` with mode 0700, or tightens it to 0700 when it exists and
    /// is ours. A shared folder (sticky bit, like `/tmp`) or someone else's is left alone.
    ///
    /// Returns one English line per mode it had to change (a folder someone opened up is news for
    /// the log: wider permissions are fixed *and said*).
    @discardableResult
    static func prepareFolder(for path: String) throws(CacheFileError) -> [String] {
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return [] }
        var info = stat()
        if stat(folder, &info) != 0 {
            try makeFolder(folder)
            guard chmod(folder, 0o700) == 0 else { throw .posix("chmod", folder, errno) }
            return []
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .wrongKind(folder, reason: "not a directory") }
        let isShared = info.st_mode & S_ISVTX != 0
        let mode = info.st_mode & 0o777
        if !isShared, info.st_uid == getuid(), mode != 0o700 {
            guard chmod(folder, 0o700) == 0 else { throw .posix("chmod", folder, errno) }
            return [tightenedLine(folder, from: mode, to: 0o700)]
        }
        return []
    }

    /// Makes sure the database file exists with mode 0600 before SQLite opens it: SQLite would create
    /// it with the umask's mode (often 0644), and gives its `-wal`/`-shm` files the database's mode.
    /// An existing file (and companions) with other permissions is set to 0600; one English line
    /// per file changed comes back, for the log.
    @discardableResult
    static func prepareFile(at path: String) throws(CacheFileError) -> [String] {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            return []
        }
        guard errno == EEXIST else { throw .posix("create", path, errno) }
        var changed: [String] = []
        if let line = try tighten(path) { changed.append(line) }
        for suffix in companionSuffixes where access(path + suffix, F_OK) == 0 {
            if let line = try tighten(path + suffix) { changed.append(line) }
        }
        return changed
    }

    /// The log line for a mode that was changed: `"<path>: mode 0644 tightened to 0600"`.
    static func tightenedLine(_ path: String, from old: mode_t, to new: mode_t) -> String {
        "\(path): mode \(octal(old)) tightened to \(octal(new))"
    }

    private static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Deletes the database, its companions and its check stamp; a missing file is not an error.
    static func discard(at path: String) throws(CacheFileError) {
        for file in [path] + (companionSuffixes + [CacheCheckStamp.suffix, ReplicaStamp.suffix, CacheGeneration.suffix]).map({ path + $0 }) {
            if unlink(file) != 0, errno != ENOENT { throw .posix("unlink", file, errno) }
        }
    }

    /// `mkdir -p` with mode 0700 for every folder it creates (the XDG spec's mode for base folders),
    /// with POSIX reasons in errors so the log line says what went wrong.
    private static func makeFolder(_ folder: String) throws(CacheFileError) {
        if mkdir(folder, 0o700) == 0 || errno == EEXIST { return }
        guard errno == ENOENT else { throw .posix("mkdir", folder, errno) }
        let parent = (folder as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != folder else { throw .posix("mkdir", folder, ENOENT) }
        try makeFolder(parent)
        guard mkdir(folder, 0o700) == 0 || errno == EEXIST else { throw .posix("mkdir", folder, errno) }
    }

    /// `tighten` for a path that may be missing or of another kind (then nothing is done here:
    /// `prepareFile` reports it); a failed `chmod` is left for `prepareFile` to report too.
    static func tightenIfRegular(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return try? tighten(path)
    }

    /// Sets a regular file's mode to 0600; the log line when it was anything else.
    private static func tighten(_ file: String) throws(CacheFileError) -> String? {
        var info = stat()
        guard stat(file, &info) == 0 else { throw .posix("stat", file, errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .wrongKind(file, reason: "not a regular file") }
        let mode = info.st_mode & 0o777
        guard mode != 0o600 else { return nil }
        guard chmod(file, 0o600) == 0 else { throw .posix("chmod", file, errno) }
        return tightenedLine(file, from: mode, to: 0o600)
    }
}
