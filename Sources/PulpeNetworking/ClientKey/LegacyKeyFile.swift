import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The end of `client-keys.json` (decision 103): the file earlier versions kept the client key in,
/// in hex. Removing the name is not enough — its blocks would keep the key until reused — so it
/// is overwritten with zeros and synced first, then unlinked and its directory synced (the
/// removal survives a power cut). Only a regular file is touched: nothing is followed.
enum LegacyKeyFile {
    /// Wipes the file at `path`; nothing when there is none.
    static func wipe(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        let descriptor = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor >= 0 {
            let zeros = [UInt8](repeating: 0, count: 4096)
            var left = Int(info.st_size)
            while left > 0 {
                let written = zeros.withUnsafeBytes { write(descriptor, $0.baseAddress, min(left, $0.count)) }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { break }
                left -= written
            }
            _ = fsync(descriptor)
            close(descriptor)
        }
        guard unlink(path) == 0 else { return }
        let directory = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }
}
