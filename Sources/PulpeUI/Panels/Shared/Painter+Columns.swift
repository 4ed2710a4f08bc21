import PulpeTerminal

/// Column-aware text for the panels: every cell count is taken *after* the ASCII fallback, because
/// sanitising changes widths (`…` becomes `...`, `€` becomes `EUR`), and a column that was measured
/// on the Unicode text would overflow in ASCII.
extension Painter {
    /// `text` as shown on this terminal, cut with the glyph set's ellipsis to at most `width` cells.
    func fitted(_ text: String, width: Int) -> String {
        shown(text).truncated(toWidth: width, ellipsis: glyphs.ellipsis)
    }

    /// The width `text` will occupy on this terminal.
    func shownWidth(_ text: String) -> Int {
        shown(text).displayWidth
    }

    /// Draws `text` fitted to exactly `width` cells (truncated or padded with spaces in `style`), so a
    /// row of fields lines up on column boundaries whatever the accents or wide characters in it.
    @discardableResult
    mutating func column(_ text: String, x: Int, y: Int, width: Int, alignment: TextAlignment = .left,
                         style: Style = Style()) -> Int {
        guard width > 0 else { return 0 }
        let padded = shown(text).padded(toWidth: width, alignment: alignment, ellipsis: glyphs.ellipsis)
        return self.text(padded, x: x, y: y, style: style)
    }
}
