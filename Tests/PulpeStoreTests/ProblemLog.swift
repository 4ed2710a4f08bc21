import Foundation
import PulpeDomain
@testable import PulpeStore

/// Collects `onProblem` lines; the store calls it from any thread.
final class ProblemLog: @unchecked Sendable {
    // @unchecked: every access to `lines` goes through `lock`.
    private let lock = NSLock()
    private var lines: [String] = []

    var handler: @Sendable (String) -> Void { { [self] line in lock.withLock { lines.append(line) } } }
    var all: [String] { lock.withLock { lines } }
    /// Every line but the modes tightened (files a test made carry the umask's 0644 / 0755).
    var damage: [String] { all.filter { !$0.contains(": mode 0") } }
}
