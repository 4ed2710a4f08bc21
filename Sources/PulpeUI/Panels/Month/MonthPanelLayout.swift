import PulpeTerminal

/// What the month view laid out, for the caller to clamp scrolling and hit-test the mouse wheel.
public struct MonthPanelLayout: Sendable, Hashable {
    /// The rows of the transaction list (empty when no list is shown).
    public var listArea: Rect
    /// How many transaction rows fit on screen.
    public var visibleRows: Int
    /// How many transactions the list holds after filtering.
    public var rowCount: Int
    /// The first row actually drawn: `model.scrollOffset` clamped to `0...maxScrollOffset`.
    public var scrollOffset: Int

    public init(listArea: Rect, visibleRows: Int, rowCount: Int, scrollOffset: Int) {
        self.listArea = listArea
        self.visibleRows = visibleRows
        self.rowCount = rowCount
        self.scrollOffset = scrollOffset
    }

    /// Nothing drawn that scrolls (loading, no budget).
    public static let none = MonthPanelLayout(listArea: .zero, visibleRows: 0, rowCount: 0, scrollOffset: 0)

    /// The largest offset that still fills the list: the last page.
    public var maxScrollOffset: Int { max(0, rowCount - visibleRows) }

    /// `offset` kept within `0...maxScrollOffset`.
    public func clamped(_ offset: Int) -> Int { min(max(0, offset), maxScrollOffset) }

    /// The offset to use so that `row` is on screen, moving as little as possible from `offset`
    /// (for `j`/`k` moving the selection past the edge of the list).
    public func offset(revealing row: Int, from offset: Int) -> Int {
        guard visibleRows > 0 else { return 0 }
        var result = clamped(offset)
        if row < result { result = row }
        if row >= result + visibleRows { result = row - visibleRows + 1 }
        return clamped(result)
    }
}
