import PulpeCore
import PulpeTerminal

/// The last row: the keys of the current screen, straight from the key table.
enum FooterView {
    static func draw(_ state: AppState, into painter: inout Painter, row: Int) {
        let width = painter.buffer.width
        painter.fill(Rect(x: 0, y: row, width: width, height: 1), style: Style(role: .muted))
        var x = 1
        for binding in KeyTable.footer(for: state) {
            guard let key = binding.keys.first else { continue }
            let keyText = " \(key.label(unicode: painter.unicode)) "
            let needed = painter.shown(keyText).displayWidth + painter.shown(binding.label).displayWidth + 2
            if x + needed > width { break }
            x += painter.text(keyText, x: x, y: row, style: Style(role: .accent, reverse: true))
            x += 1
            x += painter.text(binding.label, x: x, y: row, style: Style(role: .muted))
            x += 2
        }
    }
}
