import PulpeStatusLine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The key agent's process (decision 103): `pulpe-app key-agent --socket PATH`, hidden from the
/// help. It runs in two steps so whoever asked for it can simply wait for it:
///
/// 1. the *starter* makes the socket's private directory, takes `PATH.lock` (two processes starting
///    an agent at once: the second finds the first's agent and leaves), binds and listens (mode
///    0600), then spawns the *holder* with the listening socket as descriptor 3 and exits — the
///    caller's `waitpid` returns when the socket already answers;
/// 2. the *holder* (`--listen-fd 3`), in a session of its own with stdio on /dev/null, answers one
///    line per connection from a peer of its own user (`SO_PEERCRED`) and exits when it holds
///    nothing any more (the last entry expired or forgotten), on `stop`, when nothing was kept
///    within `idleStartSeconds` of its start, and when its socket file is gone or replaced (a
///    logout wipes `$XDG_RUNTIME_DIR`) — checked every second. It never logs anything.
public enum KeyAgentServer {
    /// The hidden command's name.
    public static let command = "key-agent"
    /// A holder that was never handed a key leaves after this.
    static let idleStartSeconds = 10.0

    /// Runs the command for `arguments` (after `key-agent`); the exit status.
    public static func main(_ arguments: [String]) -> Int32 {
        guard arguments.count >= 2, arguments[0] == "--socket" else { return 64 }
        let socket = arguments[1]
        resetSignals()
        if arguments.count == 4, arguments[2] == "--listen-fd", let descriptor = Int32(arguments[3]) {
            closeInherited(keeping: descriptor)
            return hold(listening: descriptor, socket: socket)
        }
        guard arguments.count == 2 else { return 64 }
        closeInherited(keeping: -1)
        return start(socket: socket)
    }

    /// The signal mask and handlers of the app that started it (which blocks most signals for its
    /// own watcher) are not the agent's: `kill` ends it like any process.
    static func resetSignals() {
        var empty = sigset_t()
        sigemptyset(&empty)
        sigprocmask(SIG_SETMASK, &empty, nil)
        for number in [SIGINT, SIGTERM, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD] { signal(number, SIG_DFL) }
    }

    /// Closes every descriptor above stdio but `keeping`: whatever the process that started the
    /// agent left open without close-on-exec (a terminal, a pipe a caller waits to see closed)
    /// must not live on for hours in the agent.
    static func closeInherited(keeping: Int32) {
        guard let folder = opendir("/proc/self/fd") else { return }
        var open: [Int32] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let descriptor = Int32(name) { open.append(descriptor) }
        }
        let own = dirfd(folder)
        closedir(folder)
        for descriptor in open where descriptor > 2 && descriptor != keeping && descriptor != own { close(descriptor) }
    }

    // MARK: - Starter

    static func start(socket: String) -> Int32 {
        guard KeyAgentPaths.prepareDirectory(of: socket) else { return 73 }  // EX_CANTCREAT
        let lock = open(socket + ".lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lock >= 0 else { return 73 }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { return 73 }
        }
        // One agent per socket: a live one is left to answer.
        if KeyAgentClient(socket: socket).exchange("has ") != nil { return 0 }
        unlink(socket)
        let listening = UnixSocket.make()
        guard listening >= 0 else { return 71 }
        defer { close(listening) }
        let previous = umask(0o177)
        let bound = UnixSocket.bind(listening, to: socket)
        umask(previous)
        guard bound == 0, chmod(socket, 0o600) == 0, listen(listening, 16) == 0 else {
            unlink(socket)
            return 73
        }
        guard spawnHolder(listening: listening, socket: socket) else {
            unlink(socket)
            return 71  // EX_OSERR
        }
        return 0
    }

    /// This executable again, as the holder: descriptor 3 is the listening socket, stdio /dev/null.
    private static func spawnHolder(listening: Int32, socket: String) -> Bool {
        guard let executable = ownExecutable() else { return false }
        return spawn(executable, [command, "--socket", socket, "--listen-fd", "3"], listening: listening) != nil
    }

    /// `executable` with `arguments`, its stdio on /dev/null and, when given, `listening` as its
    /// descriptor 3: the starter's and the holder's one way to run the agent. The child's pid.
    static func spawn(_ executable: String, _ arguments: [String], listening: Int32? = nil) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        if let listening { posix_spawn_file_actions_adddup2(&actions, listening, 3) }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        return posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 ? pid : nil
    }

    /// The running executable's path (Linux: /proc/self/exe).
    static func ownExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: - Holder

    static func hold(listening: Int32, socket: String) -> Int32 {
        // Its own session: no terminal's hang-up or job control reaches it.
        _ = setsid()
        signal(SIGPIPE, SIG_IGN)
        signal(SIGHUP, SIG_IGN)
        _ = fcntl(listening, F_SETFD, FD_CLOEXEC)
        return serve(listening: listening, socket: socket)
    }

    /// The holder's loop over `listening`, bound at `socket`, until one of its ends; then the
    /// socket is closed and its name removed (when still its own). Apart from `hold` so a test
    /// runs it on a thread, with a clock and an idle limit of its own.
    static func serve(listening: Int32, socket: String, idleStartSeconds: Double = idleStartSeconds,
                      now clock: () -> Double = now) -> Int32 {
        guard let bound = identity(of: socket) else {
            close(listening)
            return 0
        }
        var store = KeyAgentStore()
        let started = clock()
        while true {
            let now = clock()
            store.expire(now: now)
            if store.hasHeld ? store.isEmpty : now - started > idleStartSeconds { break }
            guard identity(of: socket) == bound else { break }
            let untilExpiry = store.nextExpiry.map { max(0, $0 - now) } ?? 1
            var poller = pollfd(fd: listening, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(1000, max(1, untilExpiry * 1000 + 1))))
            guard ready > 0 else { continue }
            if answer(listening: listening, store: &store, now: clock()) { break }
        }
        store.forgetAll()
        // Closed before the name goes: a caller then gets « refused » at once, and starts another.
        close(listening)
        if identity(of: socket) == bound { unlink(socket) }
        return 0
    }

    /// Accepts one connection and answers its line; true on `stop`.
    private static func answer(listening: Int32, store: inout KeyAgentStore, now: Double) -> Bool {
        let connection = accept(listening, nil, nil)
        guard connection >= 0 else { return false }
        defer { close(connection) }
        _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
        guard UnixSocket.peerUID(connection) == getuid() else { return false }
        UnixSocket.setTimeout(connection, milliseconds: 1000)
        guard let line = UnixSocket.readLine(connection, limit: KeyAgentWire.maximumLineBytes) else {
            _ = UnixSocket.writeAll(connection, Array("error\n".utf8))
            return false
        }
        let (reply, stop) = store.respond(to: String(decoding: line, as: UTF8.self), now: now)
        _ = UnixSocket.writeAll(connection, Array((reply + "\n").utf8))
        return stop
    }

    /// The socket file's device and inode: another file at the path, or none, ends the agent.
    private static func identity(of path: String) -> [UInt64]? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    /// Seconds on the wall clock, as the callers' kept-key lifetimes count them.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
