import Foundation
import Glibc

/// A program running in a pseudo-terminal, with a `MiniVT` screen fed from everything it prints.
///
/// Built on `forkpty` so that end-to-end tests and benchmarks need nothing beyond the Swift toolchain:
/// the child is a session leader with the pty as controlling terminal, so ncurses sees a real tty,
/// `resize` delivers SIGWINCH and Ctrl-C delivers SIGINT exactly as in a terminal emulator.
///
/// Not thread-safe: drive one instance from one test. All waiting methods keep reading output,
/// so the child never blocks on a full pty buffer. `deinit` kills and reaps the child (no zombies).
public final class PTYProcess {
    /// Process id of the child (also its process group and session id).
    public let pid: pid_t
    /// The executable that was started.
    public let path: String
    /// `Monotonic.now()` taken just before `forkpty`: the zero point for start-up timings.
    public let spawnedAt: UInt64
    /// The emulated screen, updated by every read.
    public private(set) var screen: MiniVT
    /// Every byte read from the pty so far (for debugging and byte-count benchmarks).
    public private(set) var raw: [UInt8] = []
    /// Total bytes read from the pty (same as `raw.count` unless `keepRaw` was turned off).
    public private(set) var bytesRead = 0
    /// Number of successful reads. An idle app's output arrives in one burst per frame, so the rate of
    /// reads approximates its frame rate (bytes per frame = bytes / reads).
    public private(set) var readCount = 0
    /// `Monotonic.now()` of the first and of the latest successful read.
    public private(set) var firstReadAt: UInt64?
    public private(set) var lastReadAt: UInt64?
    /// Exit code (or 128 + signal) once the child was reaped; -1 if someone else reaped it.
    public private(set) var exitStatus: Int32?
    /// True once the pty reported end of file (every slave descriptor closed: the child is gone).
    public private(set) var reachedEOF = false
    /// Set to false in long benchmarks to stop accumulating `raw` (bytesRead still counts).
    public var keepRaw = true

    let master: Int32
    /// True once `hangUp()` closed the master: the descriptor number may belong to someone else.
    private var hungUp = false
    private var buffer = [UInt8](repeating: 0, count: 65_536)

    /// Starts `path` with `args` in a `rows`×`cols` pty. `env` is the complete environment (nothing is
    /// inherited; see `PTYEnvironment.standard`). Throws if the file is not executable.
    public init(_ path: String, args: [String] = [], env: [String: String] = PTYEnvironment.standard(),
                rows: Int = 24, cols: Int = 80) throws {
        let child = try spawnInPTY(path: path, args: args, env: PTYEnvironment.anchoring(env), rows: rows, cols: cols)
        self.path = path
        pid = child.pid
        master = child.master
        spawnedAt = child.startedAt
        screen = MiniVT(rows: rows, cols: cols)
    }

    deinit {
        if exitStatus == nil { killAndReap() }
        if !hungUp { close(master) }
    }

    /// Closes the terminal's master side, as a terminal emulator does when its window is closed:
    /// the kernel hangs the pty up (SIGHUP to the child's session, end of file and POLLHUP on its
    /// input). Nothing can be sent or read afterwards; `waitExit` still reaps the child.
    public func hangUp() {
        guard !hungUp else { return }
        hungUp = true
        reachedEOF = true
        close(master)
    }

    // MARK: Input

    /// Types `text` (UTF-8) into the terminal, as if pasted. Control characters are sent as is.
    public func send(_ text: String) { send(bytes: Array(text.utf8)) }

    /// Writes raw bytes to the terminal. If the child is not reading and the pty input buffer is full,
    /// keeps draining its output and retries for up to 2 s instead of dead-locking.
    public func send(bytes: [UInt8]) {
        guard !hungUp else { return }
        var offset = 0
        let deadline = Monotonic.deadline(after: 2)
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if n > 0 { offset += n; continue }
            if n < 0 && (errno == EAGAIN || errno == EINTR) && Monotonic.now() < deadline {
                pump(timeout: 0.01)
                continue
            }
            return // EIO: the child is gone; nothing more to do.
        }
    }

    // MARK: Terminal size and signals

    /// Changes the pty size (TIOCSWINSZ); the kernel then sends SIGWINCH to the child. The local
    /// screen model is resized at once, as a terminal emulator would.
    public func resize(rows: Int, cols: Int) {
        guard !hungUp else { return }
        var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: cols), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        screen.resize(rows: rows, cols: cols)
    }

    /// Sends `sig` (e.g. `SIGINT`, `SIGTERM`) to the child. No effect once it has been reaped.
    public func signal(_ sig: Int32) {
        guard exitStatus == nil else { return }
        kill(pid, sig)
    }

    /// Whether the child is still running (reaps it, and records `exitStatus`, if it has exited).
    public var isRunning: Bool {
        if exitStatus != nil { return false }
        return !reap(blocking: false)
    }

    // MARK: Output

    /// Reads output for up to `timeout` seconds and returns true as soon as `until` holds for the screen
    /// (checked before the first read and after every read). Returns early, with the predicate's value,
    /// once the pty reached end of file.
    @discardableResult
    public func pump(timeout: Double, until: (MiniVT) -> Bool = { _ in false }) -> Bool {
        let deadline = Monotonic.deadline(after: timeout)
        while true {
            if until(screen) { return true }
            if reachedEOF { return false }
            let now = Monotonic.now()
            if now >= deadline { return false }
            let waitMs = Int32(min((deadline - now) / 1_000_000, 50)) + 1
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, waitMs) > 0 { readOnce() }
        }
    }

    /// Reads until no output arrived for `quiet` seconds (a paint is complete: ncurses paints top to bottom
    /// over several reads) or until `timeout`. Returns true when the output went quiet (or ended).
    @discardableResult
    public func settle(quiet: Double = 0.05, timeout: Double = 3) -> Bool {
        let deadline = Monotonic.deadline(after: timeout)
        while Monotonic.now() < deadline {
            let before = bytesRead
            let left = Double(deadline - min(deadline, Monotonic.now())) / 1e9
            pump(timeout: min(quiet, left))
            if bytesRead == before && left >= quiet { return true }
            if reachedEOF { return true }
        }
        return false
    }

    /// Waits until `text` appears anywhere on the screen. On false, print `screen.text` in the failure.
    public func waitText(_ text: String, timeout: Double = 5) -> Bool {
        pump(timeout: timeout) { $0.text.contains(text) }
    }

    // MARK: Exit

    /// Waits for the child to exit while draining its output; returns its exit code (128 + signal when
    /// killed by a signal), or nil on timeout (the child is left running: call `terminate()`).
    public func waitExit(timeout: Double = 5) -> Int32? {
        if let exitStatus { return exitStatus }
        let deadline = Monotonic.deadline(after: timeout)
        while true {
            if reap(blocking: false) { drain(); return exitStatus }
            if Monotonic.now() >= deadline { return nil }
            if reachedEOF { usleep(1_000) } else { pump(timeout: 0.01) }
        }
    }

    /// Stops the child and reaps it. With `grace` > 0 it first sends SIGTERM to the process group and
    /// waits that long (so ncurses can restore the terminal); then SIGKILL. Returns the exit status.
    @discardableResult
    public func terminate(grace: Double = 0) -> Int32 {
        if let exitStatus { return exitStatus }
        if grace > 0 {
            kill(-pid, SIGTERM)
            kill(pid, SIGTERM)
            if let code = waitExit(timeout: grace) { return code }
        }
        killAndReap()
        drain()
        return exitStatus ?? -1
    }

    // MARK: Private

    /// Reads once (up to 64 KiB), feeds the screen and answers terminal queries (cursor position...).
    private func readOnce() {
        let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if n > 0 {
            let now = Monotonic.now()
            if firstReadAt == nil { firstReadAt = now }
            lastReadAt = now
            bytesRead += n
            readCount += 1
            if keepRaw { raw += buffer[0..<n] }
            screen.feed(buffer[0..<n])
            let replies = screen.takeReplies()
            if !replies.isEmpty { send(bytes: replies) }
        } else if n == 0 || (errno != EAGAIN && errno != EINTR) {
            reachedEOF = true // EIO on Linux once the child and all its descendants closed the slave.
        }
    }

    /// Reads whatever is still buffered in the pty after the child exited.
    private func drain() {
        guard !hungUp else { return }
        var spins = 0
        while !reachedEOF && spins < 1_000 {
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 0) > 0 else { return }
            readOnce()
            spins += 1
        }
    }

    /// `waitpid` for the child; returns true once it has been reaped (exitStatus set).
    private func reap(blocking: Bool) -> Bool {
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if r == pid { exitStatus = shellExitCode(fromWaitStatus: status); return true }
            if r == 0 { return false }
            if errno == EINTR { continue }
            exitStatus = -1 // ECHILD: someone else (a global SIGCHLD handler) reaped it.
            return true
        }
    }

    /// SIGKILL to the whole process group (the app may have started helpers), then a blocking reap.
    private func killAndReap() {
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        _ = reap(blocking: true)
    }
}
