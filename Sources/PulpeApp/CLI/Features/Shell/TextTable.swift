/// Aligned plain-text columns for `pulpe month` and `pulpe year`: left-aligned words, right-aligned
/// amounts, two spaces between columns, no trailing blanks — readable in a terminal and easy to cut.
struct TextTable {
    enum Alignment { case left, right }

    var alignments: [Alignment]
    var rows: [[String]] = []

    init(_ alignments: [Alignment]) {
        self.alignments = alignments
    }

    /// Each cell on one line, its controls visible (`ShellText.cell`): a name cannot break the table.
    mutating func add(_ cells: [String]) {
        rows.append(cells.map(ShellText.cell))
    }

    /// Every row, padded to its column's widest cell (counted in characters: the app's money and
    /// French text are one cell per character).
    var lines: [String] {
        var widths = [Int](repeating: 0, count: alignments.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count { widths[index] = max(widths[index], cell.count) }
        }
        return rows.map { row in
            var parts: [String] = []
            for (index, cell) in row.enumerated() where index < widths.count {
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                parts.append(alignments[index] == .left ? cell + pad : pad + cell)
            }
            var line = parts.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
