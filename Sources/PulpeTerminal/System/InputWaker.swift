import Foundation
import Synchronization

/// Wakes the main loop when there is something to read on the terminal.
///
/// ncurses reads are non-blocking in this app, so something must say *when* to read
/// without polling on a timer. A background thread `poll()`s the input descriptor plus a
/// private self-pipe; when input is readable it yields once on `stream` and then waits for
/// `acknowledge()` before watching the input again, so it does not spin while bytes sit
/// unread. The main loop awaits `stream` together with its other wake-ups, calls
/// `NcursesTerminal.readEvents()` on the main actor, then `acknowledge()`.
///
/// The stream finishes when `stop()` is called or when the input hangs up (the terminal
/// closed): the runtime should treat the latter as a request to quit.
public final class InputWaker: Sendable {
    /// One element per "input is readable" notification; coalesced (newest only).
    public let stream: AsyncStream<Void>
    private let flags: Flags
    /// Write end of the self-pipe (-1 when unavailable or stopped). Behind a lock so `stop()`
    /// cannot close it while `acknowledge()` writes to it (the number could be reused).
    private let controlWrite: Mutex<Int32>

    /// Flags shared with the watcher thread; the self-pipe only makes it notice them at once.
    private final class Flags: Sendable {
        let acknowledged = Atomic<Bool>(false)
        let stopped = Atomic<Bool>(false)
    }

    /// Starts watching `fileDescriptor` (stdin by default; tests pass a pipe).
    ///
    /// Never fails: if the self-pipe cannot be created (descriptor exhaustion), the watcher
    /// falls back to checking for acknowledgements and `stop()` every 50 ms.
    public init(fileDescriptor: Int32 = STDIN_FILENO) {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }                 // not inherited
            _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)   // acknowledge never blocks
        } else {
            fds = [-1, -1]
        }
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.stream = stream
        let flags = Flags()
        self.flags = flags
        controlWrite = Mutex(fds[1])
        let controlRead = fds[0]
        let thread = Thread {
            InputWaker.watch(input: fileDescriptor, control: controlRead, flags: flags, continuation: continuation)
        }
        thread.name = "pulpe-input-waker"
        thread.start()
    }

    deinit { stop() }

    /// Tells the watcher that the input was read, so it may report the next readiness.
    public func acknowledge() {
        flags.acknowledged.store(true, ordering: .releasing)
        poke()
    }

    /// Stops the watcher thread and finishes `stream`. Idempotent.
    public func stop() {
        flags.stopped.store(true, ordering: .releasing)
        controlWrite.withLock { fd in
            guard fd >= 0 else { return }
            close(fd)                   // the watcher sees end-of-file on the pipe and exits
            fd = -1
        }
    }

    /// Wakes the watcher's `poll()` through the self-pipe.
    private func poke() {
        controlWrite.withLock { fd in
            guard fd >= 0 else { return }
            var byte: UInt8 = 0x61
            _ = write(fd, &byte, 1)     // EAGAIN only if thousands of pokes are queued: harmless
        }
    }

    /// The watcher thread's loop.
    private static func watch(input: Int32, control: Int32, flags: Flags,
                              continuation: AsyncStream<Void>.Continuation) {
        defer {
            if control >= 0 { close(control) }
            continuation.finish()
        }
        var armed = true
        var scratch = [UInt8](repeating: 0, count: 64)
        let timeout: Int32 = control >= 0 ? -1 : 50
        while !flags.stopped.load(ordering: .acquiring) {
            // poll() skips entries with a negative descriptor, so a missing pipe is harmless.
            var fds = [pollfd(fd: control, events: Int16(POLLIN), revents: 0)]
            if armed { fds.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0)) }
            if poll(&fds, nfds_t(fds.count), timeout) < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[0].revents != 0 {
                let n = read(control, &scratch, scratch.count)
                if n == 0 { return }                                   // stop(): write end closed
                if n < 0, errno != EINTR, errno != EAGAIN { return }
            }
            if flags.acknowledged.exchange(false, ordering: .acquiringAndReleasing) { armed = true; continue }
            guard fds.count > 1 else { continue }
            let revents = Int32(fds[1].revents)
            // The hang-up first: a terminal that hung up stays "readable" (POLLIN with POLLHUP)
            // while every read returns nothing, so waking for it would spin the loop forever.
            if revents & Int32(POLLHUP | POLLERR | POLLNVAL) != 0 {
                return                                                 // the terminal went away
            } else if revents & Int32(POLLIN) != 0 {
                continuation.yield()
                armed = false
            }
        }
    }
}
