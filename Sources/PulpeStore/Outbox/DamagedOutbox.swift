import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A damaged outbox, moved out of the way under a name that says what it is (decision 40).
///
/// The outbox is never deleted as "corrupt": it may hold expenses nobody sent. `rename(2)` in
/// the same folder keeps every byte (and the inode) of the file and of its `-wal` (where the last
/// commits may live) and `-shm`, so someone — or a later pulpe — can still read it back.
public struct DamagedOutbox: Sendable, Hashable {
    /// Where the outbox was.
    public var path: String
    /// Where it is now: `outbox-damaged-20261124-002400.sqlite` beside it.
    public var keptAs: String
    /// Why it was judged damaged (English, for the log).
    public var reason: String

    /// The file names' prefix and suffix: `pulpe pending`, the TUI and the docs refer to them.
    public static let prefix = "outbox-damaged-"
    public static let suffix = ".sqlite"

    /// Moves `path` and its companions aside; throws when the main file could not be moved (then
    /// nothing else was, and the caller must not put a fresh outbox in its place).
    static func setAside(_ path: String, reason: String, at now: Date) throws(OutboxError) -> DamagedOutbox {
        let folder = (path as NSString).deletingLastPathComponent
        let stamp = Self.stamp(now)
        var candidate = (folder as NSString).appendingPathComponent("\(prefix)\(stamp)\(suffix)")
        var attempt = 1
        while access(candidate, F_OK) == 0 || access(candidate + "-wal", F_OK) == 0 {
            attempt += 1
            candidate = (folder as NSString).appendingPathComponent("\(prefix)\(stamp)-\(attempt)\(suffix)")
        }
        guard rename(path, candidate) == 0 else {
            throw .unusable(path: path, reason: "damaged (\(reason)) and cannot be set aside: \(String(cString: strerror(errno)))")
        }
        for companion in CacheFiles.companionSuffixes where access(path + companion, F_OK) == 0 {
            // A companion left behind would be read as the fresh outbox's: move it or remove the
            // fresh file's chance of existing. `-shm` is only an index, rebuilt from the `-wal`.
            if rename(path + companion, candidate + companion) != 0, companion == "-shm" { unlink(path + companion) }
        }
        // The new names on the disk before a fresh outbox takes the old one's (decision 98). Done
        // as well as it can be: the file is moved already, and failing now would leave no outbox.
        try? DurableFiles.syncDirectory(of: path)
        return DamagedOutbox(path: path, keptAs: candidate, reason: reason)
    }

    /// The damaged outboxes kept beside `path`, oldest name first.
    public static func keptAside(besides path: String) -> [String] {
        let folder = (path as NSString).deletingLastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }.sorted()
            .map { (folder as NSString).appendingPathComponent($0) }
    }

    /// `20261124-002400`, UTC: sortable, no characters a shell or a file manager would mind.
    static func stamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d%02d%02d-%02d%02d%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
