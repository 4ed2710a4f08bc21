import PulpeCore
import PulpeDomain
import PulpeTerminal

/// A yes/no question in a small box over the screen: the question, then its answers (« o Oui   n Non »).
enum ConfirmOverlay {
    static func draw(_ question: Confirmation, state: AppState, into painter: inout Painter) {
        let lines = ConfirmText.lines(question, currency: state.currency)
        let answers = ConfirmText.answers(question)
        let bounds = painter.bounds
        let textWidth = (lines + [answers]).map { painter.shownWidth($0) }.max() ?? 0
        let width = min(bounds.width - 2, textWidth + 6)
        let height = min(bounds.height - 2, lines.count + 5)
        let box = Rect(x: (bounds.width - width) / 2, y: (bounds.height - height) / 2, width: width, height: height)
        painter.fill(box)
        painter.box(box, style: Style(role: .warning), title: "Confirmation")
        let inner = Rect(x: box.x + 3, y: box.y + 1, width: max(0, box.width - 6), height: max(0, box.height - 2))
        for (index, line) in lines.enumerated() {
            painter.text(painter.fitted(line, width: inner.width), x: inner.x, y: box.y + 2 + index, style: Style(role: .normal, bold: index == 0),
                         clip: inner)
        }
        painter.text(answers, x: inner.x, y: box.y + box.height - 2, style: Style(role: .accent), clip: inner)
    }
}
