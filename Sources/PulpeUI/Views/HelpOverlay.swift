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
        // One column, or as many as the height needs.
        let rowsPerColumn = max(1, maxHeight - 5)
        let columns = max(1, (rows.count + rowsPerColumn - 1) / rowsPerColumn)
        let perColumn = (rows.count + columns - 1) / columns
        // Each column as wide as its own keys and labels; past the width, the widest labels are
        // cut first (ending in « … »), then the keys.
        let columnRows = stride(from: 0, to: rows.count, by: perColumn).map { Array(rows[$0..<min(rows.count, $0 + perColumn)]) }
        var keyWidths = columnRows.map { column in column.map { painter.shown($0.0).displayWidth }.max() ?? 0 }
        var labelWidths = columnRows.map { column in column.map { painter.shown($0.1).displayWidth }.max() ?? 0 }
        let available = max(0, bounds.width - 6)
        let gaps = max(0, columnRows.count - 1) * 3 + columnRows.count * 3
        var overflow = keyWidths.reduce(0, +) + labelWidths.reduce(0, +) + gaps - available
        while overflow > 0, let widest = labelWidths.indices.max(by: { labelWidths[$0] < labelWidths[$1] }), labelWidths[widest] > 6 {
            labelWidths[widest] -= 1
            overflow -= 1
        }
        while overflow > 0, let widest = keyWidths.indices.max(by: { keyWidths[$0] < keyWidths[$1] }), keyWidths[widest] > 4 {
            keyWidths[widest] -= 1
            overflow -= 1
        }
        let columnsWidth = zip(keyWidths, labelWidths).map { $0 + 3 + $1 }.reduce(0, +) + max(0, columnRows.count - 1) * 3
        let innerWidth = max(columnsWidth, painter.shown(title).displayWidth + 2, painter.shown(closing).displayWidth)
        let width = min(bounds.width - 2, innerWidth + 4)
        let height = min(maxHeight, perColumn + 5)
        let box = Rect(x: (bounds.width - width) / 2, y: (bounds.height - height) / 2, width: width, height: height)
        painter.fill(box)
        painter.box(box, style: Style(role: .accent), title: title)
        // Inside the border, with one column of air on each side.
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: max(0, box.width - 4), height: max(0, box.height - 2))
        var x = inner.x
        for (column, entries) in columnRows.enumerated() {
            for (index, row) in entries.enumerated() {
                let y = box.y + 2 + index
                guard y < box.y + box.height - 2 else { continue }
                painter.text(painter.fitted(row.0, width: keyWidths[column]), x: x, y: y, style: Style(role: .accent, bold: true),
                             clip: inner)
                painter.text(painter.fitted(row.1, width: labelWidths[column]), x: x + keyWidths[column] + 3, y: y, clip: inner)
            }
            x += keyWidths[column] + 3 + labelWidths[column] + 3
        }
        painter.text(closing, x: inner.x, y: box.y + box.height - 2, style: Style(role: .muted), clip: inner)
    }
}
