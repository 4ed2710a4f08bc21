import PulpeCore
import PulpeDomain
import PulpeTerminal

/// « Réglages » (`,`): a small box over the screen — the pay day with the current period it
/// makes, the currency, the currency selector — each changed with `←` `→`; what differs from the
/// server's is marked; then the question when a new pay day moves expenses waiting.
enum SettingsView {
    static func draw(_ screen: SettingsScreen, state: AppState, into painter: inout Painter) {
        let bounds = painter.bounds
        let width = min(bounds.width - 2, 72)
        let height = min(bounds.height - 2, 12 + min(4, screen.moves?.count ?? 0))
        guard width >= 20, height >= 6 else { return }
        let box = Rect(x: (bounds.width - width) / 2, y: (bounds.height - height) / 2, width: width, height: height)
        painter.fill(box)
        painter.box(box, style: Style(role: .accent), title: "Réglages")
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: max(0, box.width - 4), height: max(0, box.height - 2))
        let today = state.shownHome?.browse?.today
        let edited = screen.edited
        let period = today.map { day -> String in
            let month = PayDayCalendar.budgetMonth(for: day, payDay: edited.payDayOfMonth)
            let bounds = PayDayCalendar.period(of: month, payDay: edited.payDayOfMonth)
            return "en cours : \(FrenchMonths.title(month)), \(DateFormatting.compactDate(bounds.start)) – \(DateFormatting.compactDate(bounds.end))"
        } ?? ""
        let rows: [(SettingsScreen.Row, String, String, Bool)] = [
            (.payDay, "Jour de paie", edited.payDayOfMonth.map { "le \($0)" } ?? "mois civils",
             edited.payDayOfMonth != screen.saved.payDayOfMonth),
            (.currency, "Devise", edited.currency.rawValue, edited.currency != screen.saved.currency),
            (.currencySelector, "Choix de la devise", edited.showCurrencySelector == true ? "affiché" : "masqué",
             (edited.showCurrencySelector ?? false) != (screen.saved.showCurrencySelector ?? false)),
        ]
        let labelWidth = 20
        for (index, (row, label, value, changed)) in rows.enumerated() {
            let y = inner.y + index * 2
            let selected = row == screen.row && screen.moves == nil
            painter.column(label, x: inner.x, y: y, width: labelWidth, style: Style(role: .muted))
            let shown = (painter.unicode ? "‹ \(value) ›" : "< \(value) >") + (changed ? "  (modifié)" : "")
            painter.column(shown, x: inner.x + labelWidth, y: y, width: max(0, inner.width - labelWidth),
                           style: selected ? .selection : Style(role: changed ? .warning : .normal, bold: changed))
            if row == .payDay, !period.isEmpty {
                painter.text(painter.fitted(period, width: max(0, inner.width - labelWidth)), x: inner.x + labelWidth, y: y + 1,
                             style: Style(role: .muted), clip: inner)
            }
        }
        if let moves = screen.moves {
            let y = inner.y + rows.count * 2
            let heading = "\(moves.count) dépense\(moves.count == 1 ? "" : "s") en attente change\(moves.count == 1 ? "" : "nt") de mois :"
            painter.text(painter.fitted(heading, width: inner.width), x: inner.x, y: y, style: Style(role: .warning, bold: true), clip: inner)
            for (offset, move) in moves.prefix(4).enumerated() {
                let text = "\(move.label) : \(FrenchMonths.title(move.from)) → \(FrenchMonths.title(move.to))"
                    + (move.budgetId == nil ? " (pas de budget : reste)" : "")
                painter.text(painter.fitted(text, width: inner.width), x: inner.x + 2, y: y + 1 + offset, style: Style(role: .normal),
                             clip: inner)
            }
        }
        let keys = screen.moves == nil ? "↑↓ Choisir  ←→ Changer  Entrée Enregistrer  Échap Fermer"
            : "o Changer le jour de paie  n Revenir  Échap Annuler"
        let shownKeys = painter.unicode ? keys : keys.replacingOccurrences(of: "↑↓", with: "^v").replacingOccurrences(of: "←→", with: "<>")
        painter.text(painter.fitted(shownKeys, width: inner.width), x: inner.x, y: inner.maxY - 1, style: Style(role: .muted), clip: inner)
    }
}
