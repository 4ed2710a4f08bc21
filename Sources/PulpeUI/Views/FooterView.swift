import PulpeCore
import PulpeTerminal

/// The last row: the keys of the current screen, straight from the key table. When they do not
/// all fit, the screen's own keys are cut first: `? Aide` and `q Quitter` always stay visible.
enum FooterView {
    static func draw(_ state: AppState, into painter: inout Painter, row: Int) {
        let width = painter.buffer.width
        painter.fill(Rect(x: 0, y: row, width: width, height: 1), style: Style(role: .muted))
        let bindings = KeyTable.footer(for: state)
        let essentials = bindings.filter { $0.action == .app(.showHelp) || $0.action == .app(.quit) || $0.action == .app(.closeOverlay) }
        let others = bindings.filter { binding in !essentials.contains(binding) }
        let essentialsWidth = essentials.reduce(0) { $0 + itemWidth($1, painter: painter) }
        var x = 1
        for binding in others {
            let needed = itemWidth(binding, painter: painter)
            if x + needed + essentialsWidth > width { break }
            x = drawItem(binding, x: x, row: row, into: &painter)
        }
        for binding in essentials where x + itemWidth(binding, painter: painter) <= width {
            x = drawItem(binding, x: x, row: row, into: &painter)
        }
    }

    private static func keyText(_ binding: KeyBinding, painter: Painter) -> String {
        " \(binding.keys.first?.label(unicode: painter.unicode) ?? "") "
    }

    private static func itemWidth(_ binding: KeyBinding, painter: Painter) -> Int {
        painter.shown(keyText(binding, painter: painter)).displayWidth + 1 + painter.shown(binding.label).displayWidth + 2
    }

    private static func drawItem(_ binding: KeyBinding, x: Int, row: Int, into painter: inout Painter) -> Int {
        var x = x
        x += painter.text(keyText(binding, painter: painter), x: x, y: row, style: Style(role: .accent, reverse: true))
        x += 1
        x += painter.text(binding.label, x: x, y: row, style: Style(role: .muted))
        return x + 2
    }
}
