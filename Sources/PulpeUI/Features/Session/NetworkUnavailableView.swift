import PulpeCore
import PulpeTerminal

/// docs/product.md §2.4: « Connexion impossible », retry, and offline browsing when a cache exists.
enum NetworkUnavailableView {
    static let title = "Connexion impossible"
    static let paragraph = "Impossible de joindre le serveur — vérifie ta connexion internet et réessaie."
    /// When the proxy was the one to fail (decision 86): its setting, not the connection, is to check.
    static let proxyParagraph = "Le proxy refuse la connexion ou ne répond pas — vérifie HTTPS_PROXY (ou HTTP_PROXY), NO_PROXY "
        + "ou le réglage « proxy » (pulpe config) et réessaie."
    /// Offered here and on the maintenance screen when a cache exists (docs/product.md §2.3, §2.4).
    static let continueOffline = "o  Continuer hors ligne"

    static func draw(_ network: NetworkUnavailableState, state: AppState, now: AppTime, context: ViewContext,
                     into painter: inout Painter) -> AppTime? {
        var schedule = RedrawSchedule()
        let bounds = painter.bounds
        var lines: [(text: String, style: Style)] = []
        if network.isChecking {
            let glyph = SpinnerGlyph.glyph(since: .zero, now: now, context: context)
            lines.append(("\(glyph) Nouvelle tentative…", Style(role: .accent)))
            schedule.add(SpinnerGlyph.nextFrame(since: .zero, now: now, context: context))
        } else {
            lines.append(("R  Réessayer", Style(role: .accent, bold: true)))
        }
        if network.hasCachedData { lines.append((continueOffline, Style(role: .accent))) }
        if network.stillUnreachable, !network.isChecking {
            lines.append(("Toujours pas de réponse — vérifie ta connexion", Style(role: .warning)))
        }
        let body = Rect(x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - 1))
        let screen = MessageScreen(title: title, titleStyle: Style(role: .negative, bold: true),
                                   paragraph: network.throughProxy ? proxyParagraph : paragraph, lines: lines)
        _ = screen.draw(in: body, pictureHeight: 0, into: &painter)
        FooterView.draw(state, into: &painter, row: bounds.height - 1)
        return schedule.earliest
    }
}
