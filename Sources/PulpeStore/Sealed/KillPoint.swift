import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a debug build may kill itself on purpose (decision 104): between two steps of the sealing
/// of a clear file (`SealedFiles.sealInPlace`) or of a write of the data key's vault, so that an
/// end-to-end test can show a `kill -9` at that very moment loses nothing. A debug build whose
/// `PULPE_TEST_KILL_AT` names the point (`<file>:<step>`, e.g. `outbox.sqlite:renamed-aside`)
/// sends itself SIGKILL there — at its first passage, or its n-th with `@n` (the vault is written
/// twice by one unlock: the re-wrap, then the salt); a release build has no such code at all.
public enum KillPoint {
    /// The environment variable a debug build reads.
    public static let variable = "PULPE_TEST_KILL_AT"

    /// Reached `step` while working on the file at `path`: a debug build dies here when told to.
    @inline(__always)
    public static func reached(_ step: String, file path: String) {
        #if DEBUG
        guard let wanted = getenv(variable).map({ String(cString: $0) }), !wanted.isEmpty else { return }
        let parts = wanted.split(separator: "@", maxSplits: 1)
        guard String(parts[0]) == name(step, file: path) else { return }
        let passage = passages.withLock { count in
            count += 1
            return count
        }
        guard passage == (parts.count > 1 ? Int(parts[1]) ?? 1 : 1) else { return }
        kill(getpid(), SIGKILL)
        // SIGKILL is not delivered later than this: never go on past a kill point.
        while true { pause() }
        #endif
    }

    #if DEBUG
    /// How many times the point named by the variable was reached in this process.
    private static let passages = Mutex(0)
    #endif

    /// The point's name: the file's last path component and the step.
    public static func name(_ step: String, file path: String) -> String {
        "\((path as NSString).lastPathComponent):\(step)"
    }
}
