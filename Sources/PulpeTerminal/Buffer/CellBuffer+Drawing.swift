/// Shapes drawn into a cell buffer: fills, boxes and rules.
///
/// Borders are drawn as Unicode box-drawing *strings* (or ASCII) rather than ncurses ACS
/// characters: ACS switches the terminal to the DEC graphics charset, which text scrapers
/// (tmux capture-pane, our VT model) show as `lqqk`, while strings render the same
/// everywhere and can be tested.
extension CellBuffer {
    /// Fills `rect` with `character` in `style` (a wide character is repeated every two cells;
    /// an odd leftover cell becomes a space; a zero-width character fills with spaces).
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .normal) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let w = character.displayWidth
        let line = w == 0 ? String(repeating: " ", count: r.width)
                          : String(repeating: String(character), count: (r.width + w - 1) / w)
        for y in r.rows { write(line, at: r.x, y: y, style: style, clip: r) }
    }

    /// Draws a box along the edges of `rect`, with an optional title in the top edge
    /// (`┌─ Title ───┐`). The interior is left untouched; `rect.inset(by: 1)` is the content
    /// area. Boxes smaller than 2×2 are not drawn.
    ///
    /// - Parameters:
    ///   - title: truncated with the glyph set's ellipsis to fit; drawn in `titleStyle`
    ///     (defaults to `Style.title`).
    ///   - line: light (default), heavy or rounded; ASCII glyphs ignore it.
    public mutating func drawBox(_ rect: Rect, style: Style = .border, title: String? = nil,
                                 titleStyle: Style = .title, glyphs: Glyphs, line: BoxLine = .light) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let g = glyphs.box(line)
        let inner = rect.width - 2
        let horizontal = String(repeating: g.horizontal, count: inner)
        write(g.topLeft + horizontal + g.topRight, at: rect.x, y: rect.y, style: style)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            write(g.vertical, at: rect.x, y: y, style: style)
            write(g.vertical, at: rect.maxX - 1, y: y, style: style)
        }
        write(g.bottomLeft + horizontal + g.bottomRight, at: rect.x, y: rect.maxY - 1, style: style)
        if let title, !title.isEmpty, inner >= 5 {
            // "─ Title ─": one rule cell, a space, the title, a space, at least one rule cell.
            let text = glyphs.text(title).truncated(toWidth: inner - 4, ellipsis: glyphs.ellipsis)
            write(" " + text + " ", at: rect.x + 2, y: rect.y, style: titleStyle,
                  clip: Rect(x: rect.x + 1, y: rect.y, width: inner, height: 1))
        }
    }

    /// Draws a horizontal rule on row `y` from column `x` over `width` cells. With
    /// `joinsBox`, the ends are tees (`├───┤`) so the rule meets the sides of a box drawn
    /// over the same columns.
    public mutating func drawHorizontalRule(y: Int, x: Int, width: Int, style: Style = .border,
                                            glyphs: Glyphs, line: BoxLine = .light, joinsBox: Bool = false) {
        guard width > 0 else { return }
        let g = glyphs.box(line)
        var text = String(repeating: g.horizontal, count: width)
        if joinsBox, width >= 2 {
            text = g.leftTee + String(repeating: g.horizontal, count: width - 2) + g.rightTee
        }
        write(text, at: x, y: y, style: style)
    }

    /// Draws a vertical rule in column `x` from row `y` over `height` cells. With
    /// `joinsBox`, the ends are tees (`┬ … ┴`) meeting the top and bottom of a box.
    public mutating func drawVerticalRule(x: Int, y: Int, height: Int, style: Style = .border,
                                          glyphs: Glyphs, line: BoxLine = .light, joinsBox: Bool = false) {
        guard height > 0 else { return }
        let g = glyphs.box(line)
        for row in 0..<height {
            var glyph = g.vertical
            if joinsBox, height >= 2 {
                if row == 0 { glyph = g.topTee } else if row == height - 1 { glyph = g.bottomTee }
            }
            write(glyph, at: x, y: y + row, style: style)
        }
    }
}
