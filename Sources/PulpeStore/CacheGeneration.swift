import Foundation

/// `cache.sqlite.generation`: an empty file replaced (a new inode, a new time) after every
/// committed write to the cache, so the status launcher can tell its memo is still the cache's
/// answer without opening the sealed file (`LocalInputs.cacheDigest`, decision 83).
enum CacheGeneration {
    static let suffix = ".generation"

    static func bump(besides path: String) {
        let file = path + suffix
        let temporary = file + ".new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        close(descriptor)
        if rename(temporary, file) != 0 { unlink(temporary) }
    }
}
