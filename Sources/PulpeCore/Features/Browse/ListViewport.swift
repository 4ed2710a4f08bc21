/// The part of the transaction list on screen: how many rows it has after the filter, how many fit,
/// and the first one shown. The core keeps it (scroll keys, resize, filter, data, month) so `G` goes
/// to the real last page, PgDn moves by what fits and `↑` after `G` moves at once.
public struct ListViewport: Hashable, Sendable {
    /// Rows in the list after filtering.
    public var rowCount: Int
    /// Rows that fit on screen (`MainScreenLayout.transactionRows`).
    public var visibleRows: Int
    /// The first row drawn, always within `0...lastOffset`.
    public private(set) var offset: Int

    /// A viewport scrolled as close to `offset` as the rows allow.
    public init(rowCount: Int, visibleRows: Int, offset: Int = 0) {
        self.rowCount = rowCount
        self.visibleRows = visibleRows
        self.offset = 0
        scroll(to: offset)
    }

    /// The offset of the last page.
    public var lastOffset: Int { max(0, rowCount - visibleRows) }

    /// What PgUp and PgDn move by: a page less one row of context.
    public var pageStep: Int { max(1, visibleRows - 1) }

    /// `offset` kept within `0...lastOffset`.
    public func clamped(_ offset: Int) -> Int { min(max(0, offset), lastOffset) }

    /// Scrolls to `offset`, clamped.
    public mutating func scroll(to offset: Int) { self.offset = clamped(offset) }

    /// The offset to use so that `row` is on screen, moving as little as possible from the current one
    /// (for a selection moved past the edge of the list).
    public func offset(revealing row: Int) -> Int {
        guard visibleRows > 0 else { return 0 }
        var result = offset
        if row < result { result = row }
        if row >= result + visibleRows { result = row - visibleRows + 1 }
        return clamped(result)
    }
}
