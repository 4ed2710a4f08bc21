import PulpeCore
import PulpeDomain
import PulpeTerminal

/// The top row with the screen title (and optional right-hand text) and a rule under it.
enum HeaderView {
    static func draw(title: String, trailing: String? = nil, into painter: inout Painter) {
        let width = painter.buffer.width
        painter.text(" " + title, x: 0, y: 0, style: Style(role: .title, bold: true))
        if let trailing {
            let shown = painter.shown(trailing)
            let room = max(0, width - title.displayWidth - 4)
            let fitted = shown.truncated(toWidth: room, ellipsis: painter.glyphs.ellipsis)
            painter.text(fitted, x: max(0, width - fitted.displayWidth - 1), y: 0, style: Style(role: .muted))
        }
        painter.text(String(repeating: painter.glyphs.horizontal, count: width), x: 0, y: 1, style: Style(role: .border))
    }
}
