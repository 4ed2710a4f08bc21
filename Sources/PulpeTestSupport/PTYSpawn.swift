import Foundation
import Glibc

/// Starts `path` as the session leader of a new pseudo-terminal and returns the child pid and the master fd.
///
/// The process that calls this is multi-threaded (test runner, Dispatch), so between `fork` and `execve`
/// the child may only make async-signal-safe calls: no Swift allocation, no locks. Everything the child
/// needs (argv, envp, the empty signal mask, the fd bound) is therefore prepared before `forkpty`.
func spawnInPTY(path: String, args: [String], env: [String: String],
                rows: Int, cols: Int) throws -> (pid: pid_t, master: Int32, startedAt: UInt64) {
    guard access(path, X_OK) == 0, !isDirectory(path) else { throw PTYError.notExecutable(path) }

    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + args).map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] =
        env.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    guard let file = argv[0] else { throw PTYError.forkptyFailed(ENOMEM) }

    // Test runners often run on Dispatch worker threads, which block most signals; the mask survives
    // execve, and a blocked SIGWINCH would silently break resize tests. The child clears it.
    var emptyMask = sigset_t()
    sigemptyset(&emptyMask)
    // Parallel tests each hold a pty master; any fd leaked into another child keeps that pty alive.
    let closeUpTo = highestOpenDescriptor() + 64

    var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: cols), ws_xpixel: 0, ws_ypixel: 0)
    var master: Int32 = -1
    let startedAt = Monotonic.now()
    let pid = forkpty(&master, nil, nil, &size)
    if pid < 0 { throw PTYError.forkptyFailed(errno) }
    if pid == 0 {
        // Child: async-signal-safe calls only.
        sigprocmask(SIG_SETMASK, &emptyMask, nil)
        // Ignored dispositions survive execve (background jobs start with SIGINT/SIGQUIT ignored);
        // ncurses only installs its restore-the-terminal handlers when they are SIG_DFL.
        _ = signal(SIGINT, SIG_DFL)
        _ = signal(SIGQUIT, SIG_DFL)
        _ = signal(SIGTERM, SIG_DFL)
        _ = signal(SIGHUP, SIG_DFL)
        _ = signal(SIGPIPE, SIG_DFL)
        _ = signal(SIGWINCH, SIG_DFL)
        _ = signal(SIGCHLD, SIG_DFL)
        _ = signal(SIGTSTP, SIG_DFL)
        var fd: Int32 = 3
        while fd <= closeUpTo { close(fd); fd += 1 }
        execve(file, argv, envp)
        _exit(127)
    }
    // Narrow the leak window for children spawned by other threads from now on.
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    return (pid, master, startedAt)
}

/// The highest descriptor currently open in this process (from `/proc/self/fd`), or 1023 if unknown.
private func highestOpenDescriptor() -> Int32 {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return 1023 }
    return names.compactMap { Int32($0) }.max() ?? 1023
}

private func isDirectory(_ path: String) -> Bool {
    var isDir: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
}
