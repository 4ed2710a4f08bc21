import PulpeCore
import PulpeDomain
import PulpeTerminal

/// The tags screen (`T`): each tag of the account with how many rows of the shown month carry
/// it, the tags still waiting to be created, then the line being typed or the question asked,
/// and the keys.
enum TagsScreenView {
    static func draw(_ screen: TagsScreen, state: AppState, into painter: inout Painter) {
        let catalogue = state.replica.tags
        let waiting = state.writes.outbox.changes.compactMap { change -> String? in
            if case let .createTag(name) = change.operation { return name }
            return nil
        }
        let details = state.shownHome?.browse?.shownDetails
        let bounds = painter.bounds
        let width = min(bounds.width - 2, 60)
        let rows = max(1, catalogue.count + waiting.count)
        let height = min(bounds.height - 2, rows + 7)
        let box = Rect(x: (bounds.width - width) / 2, y: (bounds.height - height) / 2, width: width, height: height)
        painter.fill(box)
        painter.box(box, style: Style(role: .accent), title: "Tags")
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: max(0, box.width - 4), height: max(0, box.height - 2))
        let listHeight = max(0, inner.height - 4)
        let countWidth = 14
        if catalogue.isEmpty, waiting.isEmpty {
            painter.text(painter.fitted("Aucun tag — a pour en créer un", width: inner.width), x: inner.x, y: inner.y,
                         style: Style(role: .muted), clip: inner)
        }
        let first = min(max(0, screen.selected - listHeight + 1), max(0, catalogue.count + waiting.count - listHeight))
        let lines = catalogue.map { tag -> (String, String, Bool) in
            let count = details.map { Core.carriers(of: tag, in: $0).count } ?? 0
            return ("#" + tag.name, count == 0 ? "" : count == 1 ? "1 ce mois-ci" : "\(count) ce mois-ci", false)
        } + waiting.map { ("#" + $0, "en attente", true) }
        for (row, index) in (first..<min(lines.count, first + listHeight)).enumerated() {
            let (name, note, isWaiting) = lines[index]
            let isSelected = index == screen.selected && screen.mode == .list && !isWaiting
            let style: (ColorRole) -> Style = { role in isSelected ? .selection : Style(role: role) }
            let y = inner.y + row
            painter.column(name, x: inner.x, y: y, width: max(0, inner.width - countWidth), style: style(isWaiting ? .muted : .normal))
            painter.column(note, x: inner.x + max(0, inner.width - countWidth), y: y, width: countWidth, alignment: .right,
                           style: style(isWaiting ? .warning : .muted))
        }
        let promptY = inner.maxY - 3
        switch screen.mode {
        case .list:
            break
        case .adding, .renaming:
            let label: String = if case let .renaming(tag) = screen.mode { "Renommer #\(tag.name) :" } else { "Nouveau tag :" }
            let labelWidth = painter.text(label, x: inner.x, y: promptY, style: Style(role: .accent, bold: true), clip: inner) + 1
            LineFieldView.draw(screen.name, focused: true, completion: nil,
                               in: Rect(x: inner.x + labelWidth, y: promptY, width: max(0, inner.width - labelWidth), height: 1),
                               into: &painter)
            if let problem = screen.problem {
                painter.text(painter.fitted(problem.text, width: inner.width), x: inner.x, y: promptY + 1,
                             style: Style(role: .negative, bold: true), clip: inner)
            }
        case let .confirmingDelete(tag, carriers):
            let question = carriers.isEmpty ? "Supprimer #\(tag.name) ?"
                : "Supprimer #\(tag.name) ? Ce mois-ci, \(carriers.count == 1 ? "1 élément le porte" : "\(carriers.count) éléments le portent")"
            painter.text(painter.fitted(question, width: inner.width), x: inner.x, y: promptY, style: Style(role: .warning, bold: true),
                         clip: inner)
            if !carriers.isEmpty {
                painter.text(painter.fitted(carriers.joined(separator: ", "), width: inner.width), x: inner.x, y: promptY + 1,
                             style: Style(role: .muted), clip: inner)
            }
        }
        let keys = switch screen.mode {
        case .list: "Entrée  Filtrer   a  Nouveau   r  Renommer   d  Supprimer   H  Historique   Échap  Fermer"
        case .adding, .renaming: "Entrée  Enregistrer   Échap  Annuler"
        case .confirmingDelete: "o / Entrée  oui · n / Échap  non (le serveur l’enlève de tout ce qui le porte)"
        }
        painter.text(painter.fitted(keys, width: inner.width), x: inner.x, y: inner.maxY - 1, style: Style(role: .muted), clip: inner)
    }
}
