import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The end of stdin, awaited: with `--exit-with-stdin` the parent keeps the pipe's write end and
/// nothing else holds it, so its end of file means the parent is gone — by `exit`, a crash or
/// SIGKILL alike, which no signal would tell the child.
enum StandardInputEnd {
    /// Returns `true` at end of file (or a read error), `false` when the wait was cancelled (the
    /// blocked read is left to end with the process).
    static func wait() async -> Bool {
        let waiter = Mutex<CheckedContinuation<Bool, Never>?>(nil)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                waiter.withLock { $0 = continuation }
                if Task.isCancelled { waiter.withLock { $0.take() }?.resume(returning: false) }
                // A thread of its own: the read blocks for the server's whole life.
                let thread = Thread {
                    var buffer = [UInt8](repeating: 0, count: 256)
                    while true {
                        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                        if count > 0 || (count < 0 && errno == EINTR) { continue }
                        break
                    }
                    waiter.withLock { $0.take() }?.resume(returning: true)
                }
                thread.start()
            }
        } onCancel: {
            waiter.withLock { $0.take() }?.resume(returning: false)
        }
    }
}
