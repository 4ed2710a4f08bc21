import PulpeDomain
import CNcursesw
import Foundation

/// The real terminal: ncursesw on stdin/stdout.
///
/// All ncurses calls happen here, on the main actor (ncurses is not thread-safe). Views
/// never see ncurses: they draw into a `CellBuffer`, and `present` writes the cells that
/// changed since the previous frame.
///
/// **Signals.** The runtime must set `SIGINT`, `SIGTERM`, `SIGWINCH` and `SIGTSTP` to
/// `SIG_IGN` *before* creating this terminal, then watch them with `DispatchSource`. ncurses
/// only installs its own handlers for signals whose disposition is still `SIG_DFL` at
/// `newterm`; its handlers would exit with status 1 on Ctrl-C (skipping our clean shutdown)
/// and turn SIGWINCH into `KEY_RESIZE` behind our back. So the runtime reacts itself:
/// SIGWINCH → `resizeFromKernel()`, SIGTSTP → `suspend()`, SIGINT/SIGTERM → `shutdown()`.
///
/// **Lifecycle.** `init` → (`present` / `readEvents`)* → `shutdown()`. Call `shutdown()`
/// on every exit path; crashes are covered by `TerminalRestore`.
@MainActor
public final class NcursesTerminal: TerminalDevice {
    /// What this session may use (Unicode, colours, motion), resolved at start-up.
    public internal(set) var capabilities: Capabilities
    /// The current screen size in cells.
    public internal(set) var size: Size
    /// Cells written by the last `present` (wide characters count once). For benchmarks.
    public internal(set) var lastCellsWritten = 0
    /// Cells written since start-up. For benchmarks.
    public internal(set) var totalCellsWritten = 0

    /// The ncurses screen; nil once shut down.
    var screen: OpaquePointer?
    /// The last frame presented; nil forces the next `present` to clear and write everything.
    var lastPresented: CellBuffer?
    /// Colour pair per role (roles without colour use pair 0).
    var rolePairs: [ColorRole: Int16] = [:]
    /// ncurses attributes and pair per style, computed on first use.
    var styleCache: [Style: (attributes: attr_t, pair: Int16)] = [:]
    /// Reused scratch buffer for `setcchar`.
    var wcharScratch: [wchar_t] = []
    let keyCodes = NcursesKeyCodes.current
    let mouseMasks = MouseDecoder.Masks.current

    /// Checks that a full-screen UI can run, and selects the locale.
    ///
    /// 1. stdin and stdout must be open ttys (otherwise ncurses would write escape codes into a
    ///    pipe and spin on an input that never blocks); the error names the stream and whether
    ///    it was closed.
    /// 2. `setlocale(LC_ALL, "")`; if the codeset is not UTF-8 and the user did not choose a
    ///    locale (or chose a UTF-8 one that is not installed), switch to `C.UTF-8`. An explicit
    ///    non-UTF-8 locale is kept and the app uses ASCII (see `LocaleCodeset`).
    ///
    /// Idempotent; `init` calls it too, so calling it first only serves to fail early.
    /// `environment` must describe the real process environment (setlocale reads that one).
    ///
    /// - Returns: the codeset in effect (`nl_langinfo(CODESET)`).
    @discardableResult
    public static func preflight(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(TerminalStartupError) -> String {
        for (descriptor, stream) in [(STDIN_FILENO, StandardStream.input), (STDOUT_FILENO, .output)] {
            if wasClosedAtStart(descriptor) { throw .closedStream(stream) }
            guard isatty(descriptor) == 1 else { throw .notATerminal(stream) }
        }
        _ = setlocale(LC_ALL, "")
        var codeset = currentCodeset()
        if LocaleCodeset.shouldFallBackToUTF8(env: environment, codeset: codeset) {
            for name in LocaleCodeset.utf8Fallbacks where setlocale(LC_ALL, name) != nil {
                codeset = currentCodeset()
                if LocaleCodeset.isUTF8(codeset) { break }
            }
        }
        return codeset
    }

    /// Starts the full-screen session.
    ///
    /// Uses `newterm(nil, stdout, stdin)`, never `initscr` (which prints its own error and
    /// calls `exit(1)` on an unknown TERM). Then: cbreak, noecho, keypad, nonl, hidden cursor,
    /// a 25 ms ESCDELAY unless the user set `ESCDELAY`, colours per `capabilities`, wheel and
    /// click reporting, and non-blocking reads. Also saves the tty state and installs the
    /// crash handlers of `TerminalRestore`.
    ///
    /// - Parameters:
    ///   - capabilityFlags: `--no-color`, `--ascii`, `--reduced-motion`.
    ///   - environment: the process environment (TERM for messages, NO_COLOR, PULPE_*, ESCDELAY).
    ///   - enableMouse: report the wheel and left clicks (this disables the terminal's own
    ///     selection unless Shift is held).
    public init(capabilityFlags: CapabilityFlags = .none,
                environment: [String: String] = ProcessInfo.processInfo.environment,
                enableMouse: Bool = true) throws(TerminalStartupError) {
        let codeset = try Self.preflight(environment: environment)
        TerminalRestore.captureOriginalState()
        TerminalRestore.installCrashHandlers()

        let term = environment["TERM"].flatMap { $0.isEmpty ? nil : $0 } ?? "(unset)"
        guard let screen = newterm(nil, cnc_stdout(), cnc_stdin()) else { throw .unknownTerminal(term) }
        _ = set_term(screen)
        let cup: UnsafeMutablePointer<CChar>? = tigetstr("cup")
        if cup == nil || Int(bitPattern: cup) == -1 {
            _ = endwin()
            delscreen(screen)
            throw .cannotPositionCursor(term)
        }
        self.screen = screen
        TerminalRestore.setScreenActive(true)

        let colors = has_colors() ? Int(tigetnum("colors")) : 0
        capabilities = Capabilities.resolve(env: environment, codeset: codeset, colors: colors, flags: capabilityFlags)
        size = Size(width: Int(getmaxx(cnc_stdscr())), height: Int(getmaxy(cnc_stdscr())))

        let win = cnc_stdscr()
        _ = cbreak()
        _ = noecho()
        _ = nonl()                      // faster cursor motion; Enter then arrives as CR (13)
        _ = intrflush(win, false)
        _ = keypad(win, true)
        _ = nodelay(win, true)          // reads never block: the InputWaker says when to read
        _ = curs_set(0)
        if environment["ESCDELAY"] == nil { _ = set_escdelay(25) }
        setUpColors()
        if enableMouse {
            _ = mousemask(cnc_button1_pressed() | cnc_button1_clicked() | cnc_button4_pressed() | cnc_button5_pressed(), nil)
            _ = mouseinterval(0)        // no 166 ms wait to tell clicks from presses
        }
    }

    /// Same as `init(capabilityFlags:environment:enableMouse:)` with the mouse on.
    public convenience init(flags: CapabilityFlags,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws(TerminalStartupError) {
        try self.init(capabilityFlags: flags, environment: environment)
    }

    /// True until `shutdown()`.
    public var isActive: Bool { screen != nil }

    /// Ends the session and gives the terminal back (main screen, cursor, cooked mode).
    /// Idempotent; safe to call from every exit path.
    public func shutdown() {
        guard let screen else { return }
        _ = endwin()
        delscreen(screen)
        self.screen = nil
        lastPresented = nil
        TerminalRestore.setScreenActive(false)
    }

    /// Re-reads the size ncurses holds for the standard screen.
    func updateSizeFromCurses() -> Size {
        size = Size(width: Int(getmaxx(cnc_stdscr())), height: Int(getmaxy(cnc_stdscr())))
        return size
    }

    /// Whether `descriptor` was closed when the process started (`pulpe <&-`).
    ///
    /// Closed now is plain; but a descriptor closed at exec is reused by the first one the process
    /// opens, and before `main` runs libdispatch has opened its epoll and eventfd descriptors
    /// (anonymous inodes) in the lowest free slots. No user hands a terminal app one of those as
    /// stdin or stdout, so an anonymous inode there means the stream was closed.
    static func wasClosedAtStart(_ descriptor: Int32) -> Bool {
        if fcntl(descriptor, F_GETFD) == -1, errno == EBADF { return true }
        var target = [UInt8](repeating: 0, count: 64)
        let length = target.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { readlink("/proc/self/fd/\(descriptor)", $0.baseAddress!, $0.count) }
        }
        guard length > 0 else { return false }
        return String(decoding: target[..<length], as: UTF8.self).hasPrefix("anon_inode:")
    }

    private static func currentCodeset() -> String {
        guard let cs: UnsafeMutablePointer<CChar> = nl_langinfo(nl_item(CODESET)) else { return "" }
        return String(cString: cs)
    }
}
