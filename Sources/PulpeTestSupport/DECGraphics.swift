/// The DEC Special Graphics character set (`ESC ( 0`).
///
/// ncurses draws `box()` and `ACS_*` with it under TERM=xterm-256color (`smacs=\E(0`), so without this table
/// a border would read `lqqqk` in tests. Only 0x5F...0x7E are remapped, as in xterm.
enum DECGraphics {
    private static let table: [Character] = Array(" ◆▒␉␌␍␊°±␤␋┘┐┌└┼⎺⎻─⎼⎽├┤┴┬│≤≥π≠£·")

    /// The glyph for `scalar` while the special graphics set is active.
    static func map(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard (0x5f...0x7e).contains(scalar.value) else { return scalar }
        return table[Int(scalar.value - 0x5f)].unicodeScalars.first!
    }
}
