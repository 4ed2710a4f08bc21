/// The terminal's size in cells, as last reported by the runtime.
///
/// The core keeps it in state because some decisions (the « Terminal trop petit » screen)
/// depend on it, and views must re-lay out from state alone after a resize.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// Below this the app shows « Terminal trop petit » instead of a broken layout.
    public static let minimum = TerminalSize(columns: 60, rows: 20)

    public var isBelowMinimum: Bool { columns < Self.minimum.columns || rows < Self.minimum.rows }

    public var description: String { "\(columns)×\(rows)" }
}
