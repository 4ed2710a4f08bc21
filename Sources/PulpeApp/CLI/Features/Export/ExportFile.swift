import Foundation
import PulpeNetworking
import PulpeStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `pulpe export -o FILE`: the whole account in clear (by design), so only its owner may read it
/// and it lands only where it was asked to (decision 96). The bytes go to a new file beside the
/// target — `O_CREAT|O_EXCL|O_NOFOLLOW`, mode 0600, so nobody else can read them even for an
/// instant and no link planted under the temporary name is followed — `fsync`ed, then put in the
/// target's place in one step: `link` when nothing may be replaced (it fails when the name exists,
/// with no window between a check and the write), `rename` with `--force` (it replaces a symbolic
/// link itself, never what it points at). A crash leaves the old target or the new one, never half.
enum ExportFile {
    enum Failure: Error, Equatable {
        /// Something (a file, a link, a directory) has the name already, and `--force` was not given.
        case exists
        /// The system's reason (disk full, no such directory, a directory in the way…).
        case cannotWrite(String)
    }

    static func write(_ data: Data, to path: String, replacing: Bool) throws(Failure) {
        var info = stat()
        if !replacing, lstat(path, &info) == 0 { throw .exists }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/.\(url.lastPathComponent).\(getpid()).\(UUID().uuidString.prefix(8)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(0o600))
        guard fd >= 0 else { throw .cannotWrite(String(cString: strerror(errno))) }
        // umask can only remove bits; fchmod makes the mode exactly 0600 whatever it is.
        var failure: Failure? = fchmod(fd, 0o600) == 0 ? nil : .cannotWrite(String(cString: strerror(errno)))
        if failure == nil { failure = writeAll(data, to: fd) }
        if failure == nil, fsync(fd) != 0 { failure = .cannotWrite(String(cString: strerror(errno))) }
        close(fd)
        if failure == nil { failure = replacing ? move(temporary, to: path) : place(temporary, at: path) }
        // Renamed, the temporary name is gone; linked or failed, it is still there.
        if failure != nil || !replacing { unlink(temporary) }
        if let failure { throw failure }
        // The new name made durable too (best effort: some file systems refuse a directory's fsync).
        try? DurableFiles.syncDirectory(of: path)
    }

    /// Without `--force`: the new file's second name is the target, made only if the name is free.
    private static func place(_ temporary: String, at path: String) -> Failure? {
        if link(temporary, path) == 0 { return nil }
        switch errno {
        case EEXIST: return .exists
        // A file system without hard links (FAT, some network mounts): checked, then renamed.
        case EPERM, EOPNOTSUPP, EXDEV, EMLINK:
            var info = stat()
            if lstat(path, &info) == 0 { return .exists }
            return move(temporary, to: path)
        default: return .cannotWrite(String(cString: strerror(errno)))
        }
    }

    private static func move(_ temporary: String, to path: String) -> Failure? {
        rename(temporary, path) == 0 ? nil : .cannotWrite(String(cString: strerror(errno)))
    }

    private static func writeAll(_ data: Data, to fd: Int32) -> Failure? {
        data.withUnsafeBytes { buffer -> Failure? in
            var offset = 0
            while offset < buffer.count {
                let written = posixWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return .cannotWrite(String(cString: strerror(errno)))
                }
                offset += written
            }
            return nil
        }
    }
}
