import PulpeDomain
import PulpeCore
import PulpeTerminal

/// Shown instead of any layout when the terminal is below 60×20: a clear message with the
/// current size, so the user knows how much to grow the window.
///
/// Every line has shorter spellings for very small windows (a 20×5 split pane, a 1×1 window
/// while dragging), so what is shown is always whole words, never a line cut mid-word: the
/// longest spelling that fits is used, and a line with no spelling that fits is left out.
enum TooSmallView {
    static func draw(_ state: AppState, into painter: inout Painter) {
        let bounds = painter.bounds
        guard bounds.width > 0, bounds.height > 0 else { return }
        let size = state.terminalSize
        let minimum = Size.minimum
        let lines = lines(size: "\(size.width)×\(size.height)", minimum: "\(minimum.width)×\(minimum.height)",
                          width: bounds.width, height: bounds.height, painter: painter)
        // Just above the middle, as on a roomier screen; lower only when the lines need it.
        let top = max(0, min(bounds.height / 2 - 1, bounds.height - lines.count))
        for (index, line) in lines.enumerated() {
            if let line { painter.centered(line.text, in: bounds, y: top + index, style: line.style) }
        }
    }

    typealias Line = (text: String, style: Style)

    /// The rows to draw from the top of the block (nil: a blank spacer row), as many as fit
    /// in `height`: the title first, then the size, then how to quit.
    static func lines(size: String, minimum: String, width: Int, height: Int, painter: Painter) -> [Line?] {
        func fitting(_ spellings: [String]) -> String? {
            spellings.first { painter.shownWidth($0) <= width }
        }
        let title = fitting(["Terminal trop petit", "Trop petit", "Petit"]) ?? ""
        let detail = fitting(["\(size) — il faut au moins \(minimum)", "\(size), min. \(minimum)", "min. \(minimum)"])
        let quit = fitting(["q  Quitter", "q Quitter", "q"])
        var lines: [Line?] = [(title.isEmpty ? "!" : title, Style(role: .warning, bold: true))]
        if let detail { lines.append((detail, Style(role: .muted))) }
        if let quit {
            if height >= lines.count + 2 { lines.append(nil) }
            lines.append((quit, Style(role: .muted)))
        }
        return Array(lines.prefix(height))
    }
}
