/// A size in terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// True when either side is zero or negative (nothing can be drawn).
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// True when this size is at least `other` in both directions (minimum-size checks).
    public func contains(_ other: Size) -> Bool { width >= other.width && height >= other.height }

    /// `"80x24"`, the usual way terminal sizes are written.
    public var description: String { "\(width)x\(height)" }
}
