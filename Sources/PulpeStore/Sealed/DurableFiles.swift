import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What makes a rename survive a power cut (decision 98): `rename(2)` changes the
/// directory, and the directory's own blocks reach the disk only when the directory is synced —
/// until then a crash can bring back the old name, or neither. Every rename of a sealed file, of
/// the vault (`data-key.json`, `key-checks.json`) or of the outbox is followed by
/// `syncDirectory(of:)`; a copy that is about to replace its original is synced with `syncFile`
/// first.
public enum DurableFiles {
    /// `fsync`s the directory that holds `path` (the name's parent). Throws the `errno` when the
    /// directory cannot be opened or synced.
    public static func syncDirectory(of path: String) throws(DurabilityError) {
        try sync((path as NSString).deletingLastPathComponent, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    /// `fsync`s the file at `path` (its bytes and size on the disk).
    public static func syncFile(_ path: String) throws(DurabilityError) {
        try sync(path, flags: O_RDONLY | O_CLOEXEC)
    }

    private static func sync(_ path: String, flags: Int32) throws(DurabilityError) {
        let target = path.isEmpty ? "." : path
        let descriptor = open(target, flags)
        guard descriptor >= 0 else { throw DurabilityError(path: target, code: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw DurabilityError(path: target, code: errno) }
    }
}
