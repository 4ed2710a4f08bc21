/// A horizontal run of consecutive cells that differ from the previous frame.
///
/// Produced by `CellBuffer.changes(since:)` and consumed by the backends, which write only
/// these cells. A run never starts on a continuation cell whose leading half is outside the
/// run (it is widened to include the leading half), so a backend can draw it left to right.
public struct ChangedRun: Hashable, Sendable {
    /// The row.
    public let row: Int
    /// The columns covered.
    public let columns: Range<Int>
    /// The new cells, one per column of `columns`.
    public let cells: [Cell]

    public init(row: Int, columns: Range<Int>, cells: [Cell]) {
        precondition(columns.count == cells.count, "one cell per column")
        self.row = row
        self.columns = columns
        self.cells = cells
    }

    /// How many terminal writes the run costs: continuation cells are covered by their wide
    /// character and cost nothing.
    public var writeCount: Int { cells.reduce(0) { $0 + ($1.isContinuation ? 0 : 1) } }
}

extension Array where Element == ChangedRun {
    /// Total terminal writes for these runs (see `ChangedRun.writeCount`).
    public var writeCount: Int { reduce(0) { $0 + $1.writeCount } }
}
