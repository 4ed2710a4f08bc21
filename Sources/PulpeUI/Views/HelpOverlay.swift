import PulpeCore
import PulpeTerminal

/// The `?` overlay: every key of the screen underneath, from the key table, in one column or,
/// when they do not fit the height, in two.
enum HelpOverlay {
    static let title = "Aide — touches"
    static let closing = "Échap  Fermer"

    static func draw(_ state: AppState, into painter: inout Painter) {
        let rows = KeyTable.help(for: state).map { binding in
            (binding.keys.map { $0.label(unicode: painter.unicode) }.joined(separator: " / "), binding.label)
        }
        let bounds = painter.bounds
        let maxHeight = max(0, bounds.height - 2)
        // One column, or as many as the height needs (the widest screen fits two side by side;
        // past that each column is cut to its share of the width, labels ending in « … »).
        let rowsPerColumn = max(1, maxHeight - 5)
        let columns = max(1, (rows.count + rowsPerColumn - 1) / rowsPerColumn)
        let perColumn = (rows.count + columns - 1) / columns
        let naturalKeyWidth = rows.map { painter.shown($0.0).displayWidth }.max() ?? 0
        let naturalLabelWidth = rows.map { painter.shown($0.1).displayWidth }.max() ?? 0
        let available = max(0, bounds.width - 6)
        let naturalColumn = naturalKeyWidth + 3 + naturalLabelWidth
        let columnWidth = columns <= 2 ? naturalColumn : min(naturalColumn, max(8, (available - (columns - 1) * 3) / columns))
        let keyWidth = columns <= 2 ? naturalKeyWidth : min(naturalKeyWidth, max(4, columnWidth / 3))
        let innerWidth = max(columnWidth * columns + (columns - 1) * 3, painter.shown(title).displayWidth + 2,
                             painter.shown(closing).displayWidth)
        let width = min(bounds.width - 2, innerWidth + 4)
        let height = min(maxHeight, perColumn + 5)
        let box = Rect(x: (bounds.width - width) / 2, y: (bounds.height - height) / 2, width: width, height: height)
        painter.fill(box)
        painter.box(box, style: Style(role: .accent), title: title)
        // Inside the border, with one column of air on each side.
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: max(0, box.width - 4), height: max(0, box.height - 2))
        for (index, row) in rows.enumerated() {
            let column = index / max(1, perColumn)
            let y = box.y + 2 + index % max(1, perColumn)
            guard y < box.y + box.height - 2 else { continue }
            let x = inner.x + column * (columnWidth + 3)
            painter.text(painter.fitted(row.0, width: keyWidth), x: x, y: y, style: Style(role: .accent, bold: true), clip: inner)
            painter.text(painter.fitted(row.1, width: max(0, columnWidth - keyWidth - 3)), x: x + keyWidth + 3, y: y, clip: inner)
        }
        painter.text(closing, x: inner.x, y: box.y + box.height - 2, style: Style(role: .muted), clip: inner)
    }
}
