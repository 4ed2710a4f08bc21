/// Text renderings of a buffer for golden files and assertions.
extension CellBuffer {
    /// One string per row: each wide character appears once (its continuation cell adds
    /// nothing), and trailing spaces are kept so every line is exactly `width` cells wide
    /// and goldens catch stray characters at the right edge.
    public func textLines() -> [String] {
        (0..<height).map { y in
            var line = ""
            for cell in row(y) where !cell.isContinuation { line += cell.grapheme }
            return line
        }
    }

    /// One string per row with exactly one character per cell (continuation cells included)
    /// encoding the cell's role and boldness.
    ///
    /// Legend (`ColorRole.goldenCode`): `.` normal, `a` accent, `m` muted, `p` positive,
    /// `n` negative, `w` warning, `t` title, `b` border, `h` highlight, `o` placeholder,
    /// `s` selection. Bold is the uppercase letter (`T` is a bold title); bold normal text
    /// is `#`. Dim, reverse and underline are in `attributeLines()`.
    public func styleLines() -> [String] {
        (0..<height).map { y in String(row(y).map { Self.styleCode($0.style) }) }
    }

    /// One string per row, one character per cell, for the attributes `styleLines()` does
    /// not show: `.` none, otherwise a hexadecimal digit summing dim = 1, reverse = 2,
    /// underline = 4 (so `2` is reverse only, `3` dim + reverse).
    public func attributeLines() -> [String] {
        (0..<height).map { y in
            String(row(y).map { cell -> Character in
                let s = cell.style
                let bits = (s.dim ? 1 : 0) | (s.reverse ? 2 : 0) | (s.underline ? 4 : 0)
                return bits == 0 ? "." : Character(String(bits, radix: 16))
            })
        }
    }

    /// The `styleLines()` character for one style.
    public static func styleCode(_ style: Style) -> Character {
        let code = style.role.goldenCode
        guard style.bold else { return code }
        return code == "." ? "#" : Character(code.uppercased())
    }
}
