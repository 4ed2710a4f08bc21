import PulpeCore
import PulpeDomain
import PulpeTerminal

/// A month without a budget (decision 50): « Pas encore de budget pour Janvier 2027 », then what
/// `Entrée` would create — the chosen template's lines by kind and the « Disponible » it plans,
/// before any rollover — or why it cannot yet (the templates are the server's).
enum BudgetOfferView {
    static func draw(_ offer: BudgetOffer, month: BudgetMonth, money: PanelMoney, in inner: Rect, into painter: inout Painter) {
        guard inner.height > 0, inner.width > 0 else { return }
        let title = FrenchMonths.title(month)
        var y = inner.y
        func line(_ text: String, _ style: Style = Style()) {
            guard y < inner.maxY else { return }
            painter.text(painter.fitted(text, width: inner.width - 2), x: inner.x + 1, y: y, style: style, clip: inner)
            y += 1
        }
        line("Pas encore de budget pour \(title)", Style(role: .normal, bold: true))
        y += 1
        if offer.isPending {
            line("Demandé : il arrive dès que le serveur l'a créé.", Style(role: .warning))
            return
        }
        let previews: [TemplatePreview]
        switch offer.templates {
        case .unknown:
            line("Entrée : le créer depuis un modèle", Style(role: .accent, bold: true))
            return
        case .loading:
            line("Chargement des modèles…", .muted)
            return
        case let .unavailable(offline):
            line(offline ? "Les modèles sont sur le serveur, qui ne répond pas : réessaie une fois connecté (r)."
                         : "Les modèles n'ont pas pu être lus. Réessaie avec r.", Style(role: .warning))
            return
        case let .loaded(loaded):
            previews = loaded
        }
        guard !previews.isEmpty else {
            line("Aucun modèle : crée-en un dans Pulpe pour ouvrir ce mois.", .muted)
            return
        }
        let chosen = previews[min(offer.chosen, previews.count - 1)]
        line("Entrée : créer le budget depuis « \(chosen.template.name) »", Style(role: .accent, bold: true))
        if previews.count > 1 {
            line("M : autre modèle (\(min(offer.chosen, previews.count - 1) + 1)/\(previews.count))", .muted)
        }
        line("P : planifier \(Core.plannedMonths) mois d’un coup (ceux qui existent restent)", .muted)
        y += 1
        // The preview: the template's lines by kind, as many as fit, then what it plans to leave.
        let room = max(0, inner.maxY - y - 2)
        let ordered = BudgetLinesView.groups.flatMap { group in chosen.lines.filter { $0.kind == group.kind }.map { (group, $0) } }
        let amounts = ordered.map { money.signed($0.1.amount, kind: $0.1.kind) }
        let amountWidth = amounts.map(painter.shownWidth).max() ?? 0
        let nameWidth = max(0, inner.width - 2 - 9 - amountWidth - 1)
        let shown = ordered.count <= room ? ordered.count : max(0, room - 1)
        for index in 0..<shown {
            let (group, templateLine) = ordered[index]
            let isFirst = index == 0 || ordered[index - 1].0.kind != group.kind
            var x = inner.x + 1
            x += painter.column(isFirst ? group.label : "", x: x, y: y, width: 9, style: .muted)
            x += painter.column(templateLine.name, x: x, y: y, width: nameWidth)
            x += 1
            painter.column(amounts[index], x: x, y: y, width: amountWidth, alignment: .right)
            y += 1
        }
        if shown < ordered.count {
            line("\(painter.glyphs.ellipsis) et \(ordered.count - shown) autres lignes", .muted)
        }
        guard y < inner.maxY else { return }
        let remaining = chosen.plannedRemaining
        let role: ColorRole = remaining < 0 ? .negative : .positive
        let text = "Disponible prévu \(money.signedBalance(remaining)) (avant le report)"
        painter.text(painter.fitted(text, width: inner.width - 2), x: inner.x + 1, y: min(y, inner.maxY - 1), style: Style(role: role, bold: true),
                     clip: inner)
    }
}
