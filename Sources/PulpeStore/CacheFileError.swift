import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the cache file could not be prepared or opened; only ever turned into a log line.
enum CacheFileError: Error, CustomStringConvertible {
    /// A system call failed: `call`, the path it was about, `errno`.
    case posix(String, String, Int32)
    /// Something of the wrong kind is in the way (a file where the folder goes, or the reverse).
    case wrongKind(String, reason: String)
    /// `PRAGMA quick_check` did not answer "ok".
    case integrity(String)

    var description: String {
        switch self {
        case .posix(let call, let path, let code): "\(call) \(path): \(String(cString: strerror(code)))"
        case .wrongKind(let path, let reason): "\(path): \(reason)"
        case .integrity(let report): "integrity check failed: \(report)"
        }
    }
}
