import PulpeCore
import PulpeDomain
import PulpeTerminal

/// The home screen until the budget panels exist: who is signed in and an honest word on what
/// is coming, never invented amounts. The status line and footer are already the real ones.
enum HomeView {
    static func draw(_ home: HomeState, state: AppState, now: AppTime, context: ViewContext, into painter: inout Painter) -> AppTime? {
        let bounds = painter.bounds
        let account = home.session.isDemo ? "\(home.session.email) · démo" : home.session.email
        HeaderView.draw(title: "Pulpe", trailing: account, into: &painter)
        let body = Rect(x: 0, y: 2, width: bounds.width, height: max(0, bounds.height - 4))
        let middle = body.y + body.height / 2 - 2
        painter.centered("Bienvenue dans Pulpe", in: body, y: middle, style: Style(role: .title, bold: true))
        painter.centered("Tes budgets du mois et de l'année s'afficheront ici.", in: body, y: middle + 2, style: Style(role: .muted))
        switch home.settings {
        case .loading:
            let width = min(36, body.width - 4)
            painter.text(String(repeating: painter.glyphs.shade, count: width), x: (bounds.width - width) / 2, y: middle + 4,
                         style: Style(role: .placeholder))
        case let .loaded(settings):
            painter.centered(settingsLine(settings), in: body, y: middle + 4)
        case let .failed(failure):
            painter.centered(failure.text, in: body, y: middle + 4, style: Style(role: .negative))
        }
        let next = StatusLineView.draw(state, now: now, context: context, into: &painter, row: bounds.height - 2)
        FooterView.draw(state, into: &painter, row: bounds.height - 1)
        return next
    }
}

extension HomeView {
    /// « Jour de paie : le 25 · Devise : CHF » — the settings that shape every budget period.
    static func settingsLine(_ settings: UserSettings) -> String {
        let payDay = settings.payDayOfMonth.map { $0 <= 1 ? "début du mois" : "le \($0)" } ?? "début du mois"
        return "Jour de paie : \(payDay) · Devise : \(settings.currency.rawValue)"
    }
}
