/// Splitting rectangles into panes.
///
/// Every split clamps: asking for more rows or columns than exist gives the whole rectangle
/// to the first part and an empty second part, so views can be laid out without checking
/// the terminal size first (the "terminal too small" screen handles the rest).
extension Rect {
    /// Top `top` rows, and the rest below (header / body).
    public func splitVertical(top: Int) -> (top: Rect, bottom: Rect) {
        let t = min(max(0, top), height)
        return (Rect(x: x, y: y, width: width, height: t),
                Rect(x: x, y: y + t, width: width, height: height - t))
    }

    /// Bottom `bottom` rows, and the rest above (body / footer).
    public func splitVertical(bottom: Int) -> (top: Rect, bottom: Rect) {
        splitVertical(top: height - min(max(0, bottom), height))
    }

    /// Top `fraction` (0…1) of the rows, rounded down, and the rest.
    public func splitVertical(fraction: Double) -> (top: Rect, bottom: Rect) {
        splitVertical(top: Int((Double(height) * min(max(fraction, 0), 1)).rounded(.down)))
    }

    /// Left `left` columns, and the rest to the right (sidebar / content).
    public func splitHorizontal(left: Int) -> (left: Rect, right: Rect) {
        let l = min(max(0, left), width)
        return (Rect(x: x, y: y, width: l, height: height),
                Rect(x: x + l, y: y, width: width - l, height: height))
    }

    /// Right `right` columns, and the rest to the left.
    public func splitHorizontal(right: Int) -> (left: Rect, right: Rect) {
        splitHorizontal(left: width - min(max(0, right), width))
    }

    /// Left `fraction` (0…1) of the columns, rounded down, and the rest.
    public func splitHorizontal(fraction: Double) -> (left: Rect, right: Rect) {
        splitHorizontal(left: Int((Double(width) * min(max(fraction, 0), 1)).rounded(.down)))
    }

    /// A `width` × `height` rectangle centred in `container` (clamped to fit it). When the
    /// spare space is odd, the extra cell goes to the right and bottom.
    public static func centered(width: Int, height: Int, in container: Rect) -> Rect {
        let w = min(max(0, width), container.width)
        let h = min(max(0, height), container.height)
        return Rect(x: container.x + (container.width - w) / 2,
                    y: container.y + (container.height - h) / 2,
                    width: w, height: h)
    }
}
