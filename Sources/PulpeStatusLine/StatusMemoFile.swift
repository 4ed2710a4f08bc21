#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension StatusMemo {
    /// Leaves the memo for the launcher when nothing it depends on moved while the answer was
    /// read: `before` was captured before the app opened anything, and is captured again now.
    /// Written whole (a temporary file renamed over the old one) and private (0600: it holds what
    /// is left to spend). Returns whether it was written.
    @discardableResult
    public static func leave(_ key: KeyCondition, figures: StatusFigures, before: LocalInputs, paths: StatusPaths,
                             environment: [String: String], now: Double) -> Bool {
        guard !figures.isStale, figures.fetchedAt != nil, before.cache != nil,
              LocalInputs.capture(paths, environment: environment, now: now) == before else {
            forget(paths)
            return false
        }
        let text = StatusMemo(inputs: before, key: key, figures: figures).text
        let temporary = paths.memo + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count, rename(temporary, paths.memo) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Removes the memo: what the launcher would serve is no longer known to be the answer.
    public static func forget(_ paths: StatusPaths) {
        unlink(paths.memo)
    }
}
