import PulpeCore
import PulpeDomain
import PulpeTerminal

/// « Modèles » (`m`), over the whole screen: the templates as tabs (the default marked), the
/// selected one's lines — name, kind, amount, fixe or ponctuelle — with what waits in the outbox
/// applied and marked, what the template leaves to spend, then the amount being typed or the
/// question (the months ahead too, or the template alone), and the keys.
enum TemplatesView {
    static func draw(_ screen: TemplatesScreen, state: AppState, into painter: inout Painter) {
        let bounds = painter.bounds
        guard bounds.width >= 20, bounds.height >= 8 else { return }
        painter.fill(bounds)
        let browse = state.shownHome?.browse
        let money = PanelMoney(currency: state.shownHome?.settings.value?.currency ?? .chf, isPrivate: browse?.isPrivate ?? false)
        let waiting = state.writes.outbox.changes.filter { change in
            switch change.operation {
            case .editTemplateLines, .patchTemplate, .deleteTemplate, .createTemplate: !change.isRefused
            default: false
            }
        }
        let title = waiting.isEmpty ? "Modèles" : "Modèles · \(waiting.count) en attente"
        painter.box(bounds, style: Style(role: .accent), title: title)
        let inner = Rect(x: 2, y: 1, width: bounds.width - 4, height: bounds.height - 2)
        painter.text(painter.fitted(keys(screen.step), width: inner.width), x: inner.x, y: inner.maxY - 1, style: Style(role: .muted),
                     clip: inner)
        let previews: [TemplatePreview]
        switch browse?.templates {
        case let .loaded(loaded)?: previews = TemplatesScreen.shown(loaded, waiting: state.writes.outbox.changes)
        case .unavailable?:
            painter.text("Modèles inconnus : le serveur ne répond pas — Réessaie", x: inner.x, y: inner.y, style: Style(role: .negative),
                         clip: inner)
            return
        default:
            painter.text("Chargement…", x: inner.x, y: inner.y, style: Style(role: .muted), clip: inner)
            return
        }
        guard !previews.isEmpty else {
            painter.text("Aucun modèle — pulpe template add NOM", x: inner.x, y: inner.y, style: Style(role: .muted), clip: inner)
            return
        }
        let selected = min(screen.selected, previews.count - 1)
        drawTabs(previews, selected: selected, in: inner, into: &painter)
        let preview = previews[selected]
        let tableTop = inner.y + 2
        let footerRows = 4
        let height = max(0, inner.maxY - footerRows - tableTop)
        let touched = Set(waiting.flatMap { change -> [String] in
            guard case let .editTemplateLines(id, batch, _, _) = change.operation, id == preview.template.id else { return [] }
            return batch.update.map(\.id)
        })
        drawLines(preview, cursor: screen.cursor, step: screen.step, touched: touched, money: money,
                  in: Rect(x: inner.x, y: tableTop, width: inner.width, height: height), into: &painter)
        let remaining = "Reste prévu : \(money.amount(preview.plannedRemaining))"
        painter.text(painter.fitted(remaining, width: inner.width), x: inner.x, y: inner.maxY - footerRows + 1,
                     style: Style(role: preview.plannedRemaining < 0 ? .negative : .normal, bold: true), clip: inner)
        drawPrompt(screen, line: preview.lines.indices.contains(screen.cursor) ? preview.lines[screen.cursor] : nil,
                   current: browse?.currentMonth, money: money, y: inner.maxY - 2, in: inner, into: &painter)
    }

    private static func drawTabs(_ previews: [TemplatePreview], selected: Int, in inner: Rect, into painter: inout Painter) {
        var x = inner.x
        for (index, preview) in previews.enumerated() {
            let name = preview.template.name + (preview.template.isDefault == true ? " *" : "")
            let label = index == selected ? "[\(name)]" : " \(name) "
            guard x < inner.maxX else { break }
            x += painter.text(label, x: x, y: inner.y, style: index == selected ? Style(role: .accent, bold: true) : Style(role: .muted),
                              clip: inner) + 1
        }
    }

    /// `touched`: lines a batch waiting in the outbox changes (marked, as a created one is).
    private static func drawLines(_ preview: TemplatePreview, cursor: Int, step: TemplatesScreen.Step, touched: Set<String>, money: PanelMoney,
                                  in area: Rect, into painter: inout Painter) {
        guard area.height > 0 else { return }
        if preview.lines.isEmpty {
            painter.text("Aucune ligne — pulpe template line add", x: area.x, y: area.y, style: Style(role: .muted), clip: area)
            return
        }
        let amountWidth = 16, kindWidth = 9, recurrenceWidth = 11
        let nameWidth = max(4, area.width - amountWidth - kindWidth - recurrenceWidth - 3)
        let first = min(max(0, cursor - area.height + 1), max(0, preview.lines.count - area.height))
        for (row, index) in (first..<min(preview.lines.count, first + area.height)).enumerated() {
            let line = preview.lines[index]
            let isSelected = index == cursor && step == .browsing
            let isWaiting = line.id.map(touched.contains) ?? true
            let style: (ColorRole) -> Style = { role in isSelected ? .selection : Style(role: role) }
            let y = area.y + row
            var x = area.x
            painter.column(line.name + (isWaiting ? " (en attente)" : ""), x: x, y: y, width: nameWidth,
                           style: style(isWaiting ? .warning : .normal))
            x += nameWidth + 1
            painter.column(PendingChange.kindWord(line.kind), x: x, y: y, width: kindWidth, style: style(.muted))
            x += kindWidth + 1
            painter.column(money.amount(line.amount), x: x, y: y, width: amountWidth, alignment: .right,
                           style: style(line.kind == .income ? .positive : .normal))
            x += amountWidth + 1
            painter.column(line.recurrence == .oneOff ? "ponctuelle" : "fixe", x: x, y: y, width: recurrenceWidth, style: style(.muted))
        }
    }

    private static func drawPrompt(_ screen: TemplatesScreen, line: TemplatePreview.Line?, current: BudgetMonth?, money: PanelMoney,
                                   y: Int, in inner: Rect, into painter: inout Painter) {
        switch screen.step {
        case .browsing:
            break
        case let .typingAmount(field, problem, _, _):
            let label = "Nouveau montant pour \(line?.name ?? "") :"
            let labelWidth = painter.text(label, x: inner.x, y: y, style: Style(role: .accent, bold: true), clip: inner) + 1
            LineFieldView.draw(field, focused: true, completion: nil,
                               in: Rect(x: inner.x + labelWidth, y: y, width: max(0, min(24, inner.width - labelWidth)), height: 1),
                               into: &painter)
            if let problem {
                painter.text(painter.fitted(problem, width: inner.width), x: inner.x, y: y - 1, style: Style(role: .negative, bold: true),
                             clip: inner)
            }
        case let .asking(write):
            let what: String = switch write {
            case let .editLine(_, _, update, _): "\(line?.name ?? "") : \(update.amount.map { money.amount($0) } ?? "")"
            case .deleteLine: "Supprimer \(line?.name ?? "")"
            default: ""
            }
            let from = current.map { " (dès \(FrenchMonths.title($0)))" } ?? ""
            let question = "\(what) — aussi dans les mois à venir faits de ce modèle\(from) ?"
            painter.text(painter.fitted("Les lignes ajustées à la main ne changent pas.", width: inner.width), x: inner.x, y: y - 1,
                         style: Style(role: .muted), clip: inner)
            painter.text(painter.fitted(question, width: inner.width), x: inner.x, y: y, style: Style(role: .warning, bold: true), clip: inner)
        }
    }

    private static func keys(_ step: TemplatesScreen.Step) -> String {
        switch step {
        case .browsing: "Tab Modèle  Entrée Montant  d Supprimer  * Par défaut  Échap Fermer"
        case .typingAmount: "Entrée  Valider   Échap  Annuler"
        case .asking: "o  Les mois à venir aussi   n  Le modèle seul   Échap  Annuler"
        }
    }
}
