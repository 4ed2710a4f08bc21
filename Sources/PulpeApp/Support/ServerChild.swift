import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A `pulpe-server` run as a child of `pulpe`, tied to it both ways:
///
/// - its stdin is a pipe whose only write end `pulpe` holds (`--exit-with-stdin`): however
///   `pulpe` ends — `exit`, Ctrl-C, a crash, SIGKILL — the kernel closes it, and the server stops
///   at the end of file; no `pulpe-server` is left behind;
/// - it runs in a process group of its own, so a Ctrl-C typed for a shell command reaches `pulpe`,
///   which then stops it in order, and not both at once;
/// - `isRunning()` reaps it if it died, and the launcher's owner starts another at the next request.
///
/// Its first stdout line is `listening on http://127.0.0.1:PORT`; its logs go to `log`.
final class ServerChild: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let pid: pid_t
    let origin: URL
    /// The stdin pipe's write end (the lifeline) and the stdout pipe's read end, closed by `stop`.
    private let descriptors: Mutex<(lifeline: Int32, output: Int32)?>
    private let exited = Mutex(false)

    private init(pid: pid_t, origin: URL, lifeline: Int32, output: Int32) {
        self.pid = pid
        self.origin = origin
        descriptors = Mutex((lifeline, output))
    }

    /// How long the server may take to say where it listens (its first start seeds the demo data).
    static let startTimeout: Duration = .seconds(15)

    static func start(executable: String, log: String) async throws -> ServerChild {
        try? FileManager.default.createDirectory(atPath: (log as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        let (pid, lifeline, output) = try spawn(executable, arguments: ["--port", "0", "--exit-with-stdin"], log: log)
        let line = await Task.detached { readLine(from: output, timeout: startTimeout) }.value
        guard let line, line.hasPrefix("listening on "), let origin = URL(string: String(line.dropFirst(13))) else {
            let child = ServerChild(pid: pid, origin: URL(string: "http://127.0.0.1:9")!, lifeline: lifeline, output: output)
            await child.stop()
            throw Failure(description: "\(executable) did not start (\(line.map { "said « \($0) »" } ?? "no answer")); see \(log)")
        }
        return ServerChild(pid: pid, origin: origin, lifeline: lifeline, output: output)
    }

    /// Whether the server still runs (a dead one is reaped here).
    func isRunning() -> Bool {
        exited.withLock { gone in
            if gone { return false }
            var status: Int32 = 0
            gone = waitpid(pid, &status, WNOHANG) == pid
            return !gone
        }
    }

    /// Stops the server: the end of its stdin and SIGTERM, then SIGKILL if it lingers past 3 s.
    func stop() async {
        guard let (lifeline, output) = descriptors.withLock({ $0.take() }) else { return }
        close(lifeline)
        if isRunning() { kill(pid, SIGTERM) }
        let deadline = ContinuousClock.now + .seconds(3)
        while isRunning(), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        if isRunning() {
            kill(pid, SIGKILL)
            exited.withLock { gone in
                var status: Int32 = 0
                _ = waitpid(pid, &status, 0)
                gone = true
            }
        }
        close(output)
    }

    /// `posix_spawn` with stdin and stdout on close-on-exec pipes (so no other child inherits the
    /// lifeline), stderr appended to `log`, default signal dispositions, an empty signal mask, and
    /// a process group of its own.
    private static func spawn(_ executable: String, arguments: [String], log: String) throws -> (pid_t, Int32, Int32) {
        var input: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        guard closeOnExecPipe(&input) else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
        guard closeOnExecPipe(&output) else {
            close(input[0]); close(input[1])
            throw Failure(description: "pipe: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        close(input[0])
        close(output[1])
        guard result == 0 else {
            close(input[1]); close(output[0])
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(result)))")
        }
        return (pid, input[1], output[0])
    }

    /// `pipe2(O_CLOEXEC)`, which Glibc's module does not export: both ends closed on exec.
    private static func closeOnExecPipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// The first line written on `descriptor`, or nil at end of file or after `timeout`.
    private static func readLine(from descriptor: Int32, timeout: Duration) -> String? {
        let deadline = ContinuousClock.now + timeout
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while ContinuousClock.now < deadline {
            let left = deadline - ContinuousClock.now
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, max(1, milliseconds))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            // One byte at a time up to the newline: nothing after it is taken from the pipe.
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 1) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            if buffer[0] == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(buffer[0])
        }
        return nil
    }
}
