import PulpeCore
import PulpeDomain
import PulpeTerminal

/// The footer while typing a filter: what is typed, and how to keep or drop it.
enum FilterLineView {
    static func draw(_ text: String, into painter: inout Painter, row: Int) {
        let width = painter.buffer.width
        painter.fill(Rect(x: 0, y: row, width: width, height: 1), style: Style(role: .muted))
        var x = 1
        x += painter.text("/", x: x, y: row, style: Style(role: .accent, bold: true))
        x += 1
        x += painter.text(text + (painter.unicode ? "▏" : "_"), x: x, y: row, style: Style(role: .selection))
        let hint = "Entrée garder · Échap effacer"
        let hintWidth = painter.shown(hint).displayWidth
        if x + hintWidth + 3 < width {
            painter.text(hint, x: width - hintWidth - 1, y: row, style: Style(role: .muted))
        }
    }
}
