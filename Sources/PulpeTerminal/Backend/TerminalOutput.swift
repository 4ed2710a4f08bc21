/// Where frames go. The runtime renders a `CellBuffer` of `size` and presents it.
///
/// Main-actor isolated because the real implementation drives ncurses, which is not
/// thread-safe; `MemoryTerminal` shares the isolation so the runtime can use either.
@MainActor
public protocol TerminalOutput: AnyObject {
    /// The current size in cells; frames should be rendered at this size.
    var size: Size { get }
    /// Shows `buffer`, writing only the cells that changed since the last frame.
    func present(_ buffer: CellBuffer)
    /// Repaints the whole screen, now or at the next `present` (Ctrl-L, after resume), in
    /// case something else scribbled on the terminal.
    func forceFullRedraw()
}

/// Where events come from. `readEvents` never blocks; it returns what is pending.
@MainActor
public protocol TerminalInput: AnyObject {
    /// Drains pending input without blocking (empty when nothing is pending).
    func readEvents() -> [TerminalEvent]
}

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
