import PulpeDomain

/// A whole terminal as the runtime's main loop drives it: frames out, events in, and the two
/// job-control moments the kernel announces by signal. `NcursesTerminal` is the real one;
/// `MemoryTerminal` lets the main loop run in unit tests.
@MainActor
public protocol TerminalDevice: TerminalOutput, TerminalInput {
    /// Reads the size after SIGWINCH (the kernel knows it; ncurses is not told by itself).
    @discardableResult func resizeFromKernel() -> Size
    /// Gives the terminal back and stops the process for Ctrl-Z; returns the size on resume.
    @discardableResult func suspend() -> Size
}
