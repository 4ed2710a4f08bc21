#if canImport(Glibc)
import Glibc
#endif

/// Gives the terminal back when the process dies abnormally.
///
/// A Swift trap (force-unwrap, index out of range, `fatalError`) raises SIGILL/SIGTRAP and
/// never runs `endwin()`: the shell would be left in the alternate screen, with no cursor,
/// no echo and mouse reporting on. The handlers installed here restore the tty modes saved
/// at start-up, write the escape sequences that undo what ncurses turned on, and then let
/// the previous handler (the Swift runtime's backtracer, or the default action) run, so the
/// crash report still appears, on a readable screen.
///
/// Deliberately not main-actor isolated: the handler runs on whatever thread crashed. It
/// only uses async-signal-safe calls (`tcsetattr`, `write`, `sigaction`, `raise`) and state
/// allocated before installation.
public enum TerminalRestore {
    /// The sequence written on a crash: mouse reporting off (1000/1002/1003/1006), cursor
    /// keys and keypad back to normal mode, leave the alternate screen, show the cursor,
    /// reset colours and attributes.
    public static let crashSequence: StaticString =
        "\u{1b}[?1000l\u{1b}[?1002l\u{1b}[?1003l\u{1b}[?1006l\u{1b}[?1l\u{1b}>\u{1b}[?1049l\u{1b}[?25h\u{1b}[0m"

    /// The signals that mean "the process is dying of a bug".
    public static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Saves the tty modes of stdin, once (later calls keep the first, original state).
    /// Call before ncurses changes them; `NcursesTerminal.init` does.
    ///
    /// - Returns: true when stdin is a tty and its modes are saved.
    @discardableResult
    public static func captureOriginalState() -> Bool {
        let state = crashState
        if state.pointee.hasTermios { return true }
        guard tcgetattr(STDIN_FILENO, &state.pointee.savedModes) == 0 else { return false }
        state.pointee.hasTermios = true
        return true
    }

    /// Installs the crash handlers for `crashSignals`, once. Each handler runs on an
    /// alternate signal stack when one is available (so a stack overflow is covered too);
    /// one is created for the calling thread if it has none.
    public static func installCrashHandlers() {
        let state = crashState
        guard !state.pointee.handlersInstalled else { return }
        state.pointee.handlersInstalled = true
        installAlternateStackIfNeeded()
        for signo in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = crashHandler
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigemptyset(&action.sa_mask)
            _ = sigaction(signo, &action, previousActions + Int(signo))
        }
    }

    /// `captureOriginalState()` then `installCrashHandlers()`: the one call a launcher needs,
    /// before the terminal is taken over.
    public static func saveAndInstallCrashHandlers() {
        captureOriginalState()
        installCrashHandlers()
    }

    /// Marks whether the full-screen UI currently owns the terminal. The crash handler only
    /// writes escape sequences while it does, so a crash after `shutdown()` (or in a plain
    /// command such as `pulpe add`) does not print control codes into a normal shell.
    public static func setScreenActive(_ active: Bool) {
        crashState.pointee.screenActive = active
    }

    /// Restores the saved tty modes and, if the UI owns the screen, writes `crashSequence`.
    /// Safe to call from a signal handler or on a fatal path where ncurses cannot be trusted.
    public static func restoreNow() {
        let state = crashState
        if state.pointee.hasTermios {
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &state.pointee.savedModes)
        }
        if state.pointee.screenActive {
            let seq = crashSequence
            _ = write(STDOUT_FILENO, seq.utf8Start, seq.utf8CodeUnitCount)
        }
    }

    private static func installAlternateStackIfNeeded() {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
        let size = 64 * 1024
        var stack = stack_t()
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)  // lives forever
        stack.ss_size = size
        stack.ss_flags = 0
        _ = sigaltstack(&stack, nil)
    }
}

/// State the crash handler reads. Allocated once and never freed, so the handler touches
/// no Swift runtime machinery beyond an already-initialised global.
private struct CrashState {
    var savedModes = termios()
    var hasTermios = false
    var handlersInstalled = false
    var screenActive = false
}

nonisolated(unsafe) private let crashState: UnsafeMutablePointer<CrashState> = {
    let p = UnsafeMutablePointer<CrashState>.allocate(capacity: 1)
    p.initialize(to: CrashState())
    return p
}()

/// The handlers that were in place before ours, indexed by signal number (`NSIG` is 65).
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
    let p = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    p.initialize(repeating: sigaction(), count: 65)
    return p
}()

/// Restores the terminal, puts the previous handler back and re-raises. The re-raised
/// signal is delivered when this handler returns, at the original fault site, to the
/// previous handler (the Swift backtracer or the default action: core dump / exit).
private func crashHandler(_ signo: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    TerminalRestore.restoreNow()
    _ = sigaction(signo, previousActions + Int(signo), nil)
    _ = raise(signo)
}
