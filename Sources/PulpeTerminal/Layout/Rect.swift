import PulpeDomain

/// A rectangle of cells: origin at the top-left, `x` to the right, `y` downwards.
///
/// `maxX` and `maxY` are exclusive, like ranges, so `x..<maxX` are the columns inside.
/// Widths and heights are never negative: constructors and helpers clamp them to zero,
/// which lets layout code shrink things freely on tiny terminals without crashing.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// A rectangle at the origin covering `size`.
    public init(size: Size) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var size: Size { Size(width: width, height: height) }
    public var minX: Int { x }
    public var minY: Int { y }
    /// One past the last column.
    public var maxX: Int { x + width }
    /// One past the last row.
    public var maxY: Int { y + height }
    /// The columns inside, as a range.
    public var columns: Range<Int> { x..<maxX }
    /// The rows inside, as a range.
    public var rows: Range<Int> { y..<maxY }
    /// True when the rectangle covers no cell.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// True when the cell at (`x`, `y`) is inside.
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// The overlap of two rectangles; an empty rectangle (at the clamped origin) when they
    /// do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let nx = max(x, other.x), ny = max(y, other.y)
        let nmaxX = min(maxX, other.maxX), nmaxY = min(maxY, other.maxY)
        return Rect(x: nx, y: ny, width: nmaxX - nx, height: nmaxY - ny)
    }

    /// The rectangle shrunk by `amount` on every side (a box's interior is `inset(by: 1)`).
    public func inset(by amount: Int) -> Rect {
        inset(top: amount, left: amount, bottom: amount, right: amount)
    }

    /// The rectangle shrunk by `dx` columns left and right and `dy` rows top and bottom.
    public func inset(dx: Int, dy: Int) -> Rect {
        inset(top: dy, left: dx, bottom: dy, right: dx)
    }

    /// The rectangle shrunk on each side separately (negative values grow it).
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
    }

    /// The rectangle moved by (`dx`, `dy`).
    public func offsetBy(dx: Int, dy: Int) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// One row of this rectangle (`index` counts from its top), clipped to the rectangle.
    public func row(_ index: Int) -> Rect {
        Rect(x: x, y: y + index, width: width, height: 1).intersection(self)
    }

    public var description: String { "(\(x),\(y) \(width)x\(height))" }
}
