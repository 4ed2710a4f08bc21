import PulpeDomain

/// An in-memory terminal for tests and benchmarks: no tty, no ncurses.
///
/// It applies the same presentation plan as `NcursesTerminal` (`CellBuffer.presentationPlan`)
/// and counts the writes it would have made, so tests can assert that an unchanged frame
/// writes nothing and a one-cell change writes one cell. Events are injected by the test.
@MainActor
public final class MemoryTerminal: TerminalDevice {
    public private(set) var size: Size
    /// The last buffer presented (what the "screen" shows).
    public private(set) var screen: CellBuffer?
    /// Number of `present` calls.
    public private(set) var presentCount = 0
    /// Cells written by the last `present` (wide characters count once).
    public private(set) var lastCellsWritten = 0
    /// Cells written since creation.
    public private(set) var totalCellsWritten = 0
    /// Number of Ctrl-Z suspensions the runtime asked for.
    public private(set) var suspendCount = 0
    /// Number of times the screen was cleared before writing (first frame, resize, redraw).
    public private(set) var clearCount = 0
    private var pendingEvents: [TerminalEvent] = []

    public init(size: Size = Size(width: 80, height: 24)) {
        self.size = size
    }

    public func present(_ buffer: CellBuffer) {
        let plan = buffer.presentationPlan(after: screen)
        if plan.clearFirst { clearCount += 1 }
        lastCellsWritten = plan.runs.writeCount
        totalCellsWritten += lastCellsWritten
        presentCount += 1
        screen = buffer
    }

    public func forceFullRedraw() {
        screen = nil
    }

    /// Changes the size and queues the matching `.resize` event, like a SIGWINCH would.
    public func resize(to newSize: Size) {
        size = newSize
        pendingEvents.append(.resize(newSize))
    }

    /// Queues events for the next `readEvents()`.
    public func inject(_ events: [TerminalEvent]) {
        pendingEvents += events
    }

    /// Queues key presses for the next `readEvents()`.
    public func inject(keys: [Key]) {
        pendingEvents += keys.map(TerminalEvent.key)
    }

    /// The size a SIGWINCH would read: whatever `resize(to:)` or `setKernelSize` last set. Like
    /// the real one, it forces the next frame to be drawn in full.
    @discardableResult
    public func resizeFromKernel() -> Size {
        screen = nil
        return size
    }

    /// Changes the size without queuing an event, as a window resized while no key is read
    /// (the runtime learns it from SIGWINCH).
    public func setKernelSize(_ newSize: Size) {
        size = newSize
    }

    /// Counts the suspension; the process keeps running (there is no job control here).
    @discardableResult
    public func suspend() -> Size {
        suspendCount += 1
        return resizeFromKernel()
    }

    public func readEvents() -> [TerminalEvent] {
        defer { pendingEvents.removeAll() }
        return pendingEvents
    }

    /// The screen's text, one string per row (empty before the first frame).
    public var screenLines: [String] { screen?.textLines() ?? [] }
}
