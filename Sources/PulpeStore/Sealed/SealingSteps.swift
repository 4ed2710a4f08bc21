import Foundation

/// The file-system steps of `SealedFiles.sealInPlace`, apart so that their order can be watched:
/// a test records them to see that nothing clear is wiped before the sealed copy and its new
/// name are on the disk (decision 98). The defaults are the real ones.
struct SealingSteps {
    /// Copies the clear database at `from` into `to`, sealed (`SealedFiles.copySealed`).
    var copy: (_ from: String, _ to: String) throws -> Void = { try SealedFiles.copySealed(from: $0, to: $1) }
    /// `fsync`s a file's bytes.
    var syncFile: (_ path: String) throws -> Void = { try DurableFiles.syncFile($0) }
    /// Renames a file (in the same directory).
    var rename: (_ from: String, _ to: String) throws -> Void = { try FileManager.default.moveItem(atPath: $0, toPath: $1) }
    /// `fsync`s the directory holding `path`: the renames made in it survive a power cut.
    var syncDirectory: (_ path: String) throws -> Void = { try DurableFiles.syncDirectory(of: $0) }
    /// Overwrites a file with zeros, syncs and unlinks it (`SealedFiles.wipe`).
    var wipe: (_ path: String) -> Void = { SealedFiles.wipe($0) }
}
