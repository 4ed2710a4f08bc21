import PulpeCore
import PulpeTerminal

/// The home screen until the budget panels exist: the app's name and an honest word on what is
/// coming, never invented amounts.
enum HomeView {
    static func draw(_ state: AppState, into painter: inout Painter) {
        let bounds = painter.bounds
        HeaderView.draw(title: "Pulpe", into: &painter)
        let body = Rect(x: 0, y: 2, width: bounds.width, height: max(0, bounds.height - 4))
        let middle = body.y + body.height / 2 - 1
        painter.centered("Bienvenue dans Pulpe", in: body, y: middle, style: Style(role: .title, bold: true))
        painter.centered("Tes budgets du mois et de l'année s'afficheront ici.", in: body, y: middle + 2, style: Style(role: .muted))
        FooterView.draw(state, into: &painter, row: bounds.height - 1)
    }
}

/// The top row with the screen title and a rule under it.
enum HeaderView {
    static func draw(title: String, into painter: inout Painter) {
        let width = painter.buffer.width
        painter.text(" " + title, x: 0, y: 0, style: Style(role: .title, bold: true))
        painter.text(String(repeating: painter.glyphs.horizontal, count: width), x: 0, y: 1, style: Style(role: .border))
    }
}
