import PulpeCore
import PulpeTerminal

/// One text field of the quick-add form on one row: its text scrolled so the cursor stays in
/// view, the cursor itself, and a greyed completion after it.
///
/// The core counts the cursor in `Character`s; here each character becomes the cells it takes
/// on this terminal (2 for CJK, and in ASCII mode whatever `Glyphs.sanitize` spells it with), so
/// accents and wide characters never push the cursor off its letter.
enum LineFieldView {
    static func draw(_ field: TextField, focused: Bool, completion: String?, in line: Rect, into painter: inout Painter) {
        let base = Style(role: focused ? .selection : .normal, underline: true)
        painter.fill(line, style: base)
        let pieces = field.text.map { character in
            let shown = painter.shown(String(character))
            return (text: shown, width: shown.displayWidth)
        }
        let cursor = min(field.cursor, pieces.count)
        let atEnd = cursor == pieces.count
        // Scroll right until the text before the cursor, plus the cursor's own cell, fits.
        var first = 0
        if focused {
            var before = pieces[..<cursor].reduce(0) { $0 + $1.width }
            while first < cursor, before + 1 > line.width {
                before -= pieces[first].width
                first += 1
            }
        }
        var x = line.x
        for index in first..<pieces.count {
            let piece = pieces[index]
            if x + piece.width > line.maxX { break }
            let style = focused && index == cursor ? Style(role: .selection, reverse: true, underline: true) : base
            painter.text(piece.text, x: x, y: line.y, style: style, clip: line)
            x += piece.width
        }
        guard focused, atEnd, x < line.maxX else { return }
        x += painter.text(painter.unicode ? "▏" : "_", x: x, y: line.y, style: base, clip: line)
        if let completion {
            painter.text(completion, x: x, y: line.y, style: Style(role: .muted, dim: true, underline: true), clip: line)
        }
    }
}
