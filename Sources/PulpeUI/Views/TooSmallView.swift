import PulpeCore
import PulpeTerminal

/// Shown instead of any layout when the terminal is below 60×20: a clear message with the
/// current size, so the user knows how much to grow the window.
enum TooSmallView {
    static func draw(_ state: AppState, into painter: inout Painter) {
        let bounds = painter.bounds
        let size = state.terminalSize
        let minimum = TerminalSize.minimum
        let middle = max(0, bounds.height / 2 - 1)
        painter.centered("Terminal trop petit", in: bounds, y: middle, style: Style(role: .warning, bold: true))
        painter.centered("\(size.columns)×\(size.rows) — il faut au moins \(minimum.columns)×\(minimum.rows)",
                         in: bounds, y: middle + 1, style: Style(role: .muted))
        painter.centered("q  Quitter", in: bounds, y: middle + 3, style: Style(role: .muted))
    }
}
