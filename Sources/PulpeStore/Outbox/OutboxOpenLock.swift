import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on `outbox.sqlite.lock`, held while the outbox is looked at and, if
/// damaged, set aside: two pulpe starting together (the TUI and `pulpe add`) must not both judge
/// the file, or the second would move aside the fresh outbox the first just made.
package struct OutboxOpenLock {
    private let descriptor: Int32

    /// Waits up to `timeout` for the lock; nil when the lock file cannot be made (a read-only
    /// folder: nothing can be set aside there anyway) or the wait ran out.
    package init?(path: String, timeout: TimeInterval = 10) {
        let fd = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        let deadline = Date().addingTimeInterval(timeout)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(fd)
                return nil
            }
            usleep(10_000)
        }
        descriptor = fd
    }

    package func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
