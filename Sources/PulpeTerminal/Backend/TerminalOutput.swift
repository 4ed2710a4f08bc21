import PulpeDomain

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
