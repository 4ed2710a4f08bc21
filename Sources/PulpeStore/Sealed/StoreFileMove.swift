import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Moves a store's database with everything beside it — its write-ahead log, its stamps, its
/// count hint — to another folder of the same file system (decision 111: the demo's set leaving the
/// home's place to the real account signed in after it). Sealed pages are moved as they are: a
/// rename, never a copy, so nothing is ever in clear.
package enum StoreFileMove {
    /// Every name a store keeps beside its database.
    static let companions = CacheFiles.companionSuffixes
        + [CacheCheckStamp.suffix, ReplicaStamp.suffix, CacheGeneration.suffix, OutboxCount.suffix]

    /// Moves `path` and its companions that exist to `destination` (its folder made 0700), the
    /// database last, then syncs both folders. A missing database moves nothing. Throws the errno
    /// of the first rename that fails; what moved before it stays moved (the caller's next try
    /// moves the rest).
    package static func move(_ path: String, to destination: String) throws {
        guard access(path, F_OK) == 0 || companions.contains(where: { access(path + $0, F_OK) == 0 }) else { return }
        _ = try CacheFiles.prepareFolder(for: destination)
        for suffix in companions where access(path + suffix, F_OK) == 0 {
            guard rename(path + suffix, destination + suffix) == 0 else { throw CacheFileError.posix("rename", path + suffix, errno) }
        }
        if access(path, F_OK) == 0 {
            guard rename(path, destination) == 0 else { throw CacheFileError.posix("rename", path, errno) }
            KillPoint.reached("moved", file: path)
        }
        try? DurableFiles.syncDirectory(of: destination)
        try? DurableFiles.syncDirectory(of: path)
    }
}
