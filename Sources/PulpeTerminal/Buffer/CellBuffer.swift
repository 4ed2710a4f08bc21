import PulpeDomain

/// A frame of terminal cells, built by the views and handed to a `TerminalOutput`.
///
/// A pure value type: views draw into it without any terminal, tests compare it with golden
/// files (`textLines()`, `styleLines()`), and the ncurses backend diffs two frames
/// (`changes(since:)`) to send only what changed. Every drawing operation clips to the
/// buffer, so drawing on a tiny terminal never traps.
public struct CellBuffer: Hashable, Sendable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// Row-major cells: the cell at (x, y) is `cells[y * width + x]`.
    public private(set) var cells: [Cell]

    /// A buffer of `width` × `height` blank cells (negative sizes become empty).
    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: fill, count: self.width * self.height)
    }

    /// A blank buffer of `size`.
    public init(size: Size) {
        self.init(width: size.width, height: size.height)
    }

    public var size: Size { Size(width: width, height: height) }
    /// The whole buffer as a rectangle at the origin.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at (`x`, `y`); both must be inside the buffer.
    public subscript(x: Int, y: Int) -> Cell {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "cell (\(x),\(y)) outside \(width)x\(height)")
        return cells[y * width + x]
    }

    /// The cells of row `y`.
    public func row(_ y: Int) -> ArraySlice<Cell> {
        cells[(y * width)..<((y + 1) * width)]
    }

    /// Resets every cell to a blank in `style`.
    public mutating func clear(style: Style = .normal) {
        let blank = Cell(" ", style: style)
        for i in cells.indices { cells[i] = blank }
    }

    // MARK: Writing text

    /// Draws `text` on row `y` starting at column `x`, clipped to the buffer and to `clip`.
    ///
    /// Control characters (tab, newline…) are drawn as spaces; zero-width characters that
    /// stand alone are dropped (combining marks are already part of their base `Character`).
    /// A wide character that would straddle the right edge of the clip becomes a space, as
    /// does one straddling the left edge. Writing over one half of an existing wide character
    /// turns its other half into a space, so the buffer never holds half a character.
    ///
    /// - Returns: the number of cells written. When the text starts inside the clip (the
    ///   usual case) that is also how far the cursor moved, so `x += write(...)` chains writes.
    @discardableResult
    public mutating func write(_ text: String, at x: Int, y: Int, style: Style = .normal, clip: Rect? = nil) -> Int {
        let region = clip.map { $0.intersection(bounds) } ?? bounds
        guard !region.isEmpty, y >= region.minY, y < region.maxY else { return 0 }
        var cursor = x
        var written = 0
        for ch in text {
            if cursor >= region.maxX { break }
            let isControl = ch.unicodeScalars.first?.isTerminalControl ?? false
            let w = isControl ? 1 : ch.displayWidth
            if w == 0 { continue }
            if cursor + w <= region.minX { cursor += w; continue }   // entirely left of the clip
            if w == 2 && (cursor < region.minX || cursor + 1 >= region.maxX) {
                // Half of it would be outside: show the visible half as a space.
                let visible = cursor < region.minX ? region.minX : cursor
                place(" ", width: 1, style: style, x: visible, y: y)
                written += 1
                cursor += 2
                continue
            }
            place(isControl ? " " : ch, width: w, style: style, x: cursor, y: y)
            written += w
            cursor += w
        }
        return written
    }

    /// Puts one character of width `w` (1 or 2) at (`x`, `y`), repairing any wide character
    /// it partly overwrites. The caller guarantees the cells are inside the buffer.
    private mutating func place(_ ch: Character, width w: Int, style: Style, x: Int, y: Int) {
        breakWideCharacter(at: x, y: y)
        if w == 2 { breakWideCharacter(at: x + 1, y: y) }
        let i = y * width + x
        cells[i] = Cell(ch, style: style)
        if w == 2 { cells[i + 1] = .continuation(style: style) }
    }

    /// If the cell at (`x`, `y`) is one half of a wide character, turns the *other* half
    /// into a space (keeping its style), so that overwriting this half leaves no orphan.
    private mutating func breakWideCharacter(at x: Int, y: Int) {
        let i = y * width + x
        let cell = cells[i]
        if cell.isContinuation, x > 0 {
            cells[i - 1] = Cell(" ", style: cells[i - 1].style)
        } else if cell.isWide, x + 1 < width {
            cells[i + 1] = Cell(" ", style: cells[i + 1].style)
        }
    }

    // MARK: Styling

    /// Replaces the style of every cell in `rect` (text is kept): selection bars, focus.
    public mutating func setStyle(_ rect: Rect, style: Style) {
        updateStyle(rect) { _ in style }
    }

    /// Transforms the style of every cell in `rect`, e.g. `{ $0.reversed }` to mark a
    /// selection while keeping each cell's role.
    public mutating func updateStyle(_ rect: Rect, _ transform: (Style) -> Style) {
        let r = rect.intersection(bounds)
        for y in r.rows {
            for x in r.columns {
                cells[y * width + x].style = transform(cells[y * width + x].style)
            }
        }
    }
}
