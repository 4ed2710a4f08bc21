import PulpeTerminal

/// What the year view laid out: where each month's tile is, for mouse clicks.
public struct YearPanelLayout: Sendable, Hashable {
    /// Tile of each month (1…12); empty while loading.
    public var monthCells: [Int: Rect]

    public init(monthCells: [Int: Rect]) {
        self.monthCells = monthCells
    }

    public static let none = YearPanelLayout(monthCells: [:])

    /// The month under the cell (`x`, `y`), if any.
    public func month(atX x: Int, y: Int) -> Int? {
        monthCells.first { $0.value.contains(x: x, y: y) }?.key
    }
}
