import PulpeCore
import PulpeDomain
import PulpeTerminal

/// The pending list (`e`): each queued or refused expense with its state, then every other
/// operation (« Pointer Loyer », « Supprimer Café »); the highlighted one's refusal reason
/// underneath; the keys to correct, delete and send.
enum PendingListOverlay {
    static let title = "Dépenses en attente"
    static let titleWithChanges = "En attente"

    static func draw(selected: Int, state: AppState, into painter: inout Painter) {
        // One list (`OutboxSnapshot.writes`): the new expenses, then the other operations.
        let writes = state.writes.outbox.writes
        let total = writes.count
        let bounds = painter.bounds
        let width = min(bounds.width - 2, 76)
        let height = min(bounds.height - 2, max(8, total + 7))
        let box = Rect(x: (bounds.width - width) / 2, y: (bounds.height - height) / 2, width: width, height: height)
        painter.fill(box)
        painter.box(box, style: Style(role: .accent), title: writes.allSatisfy { $0.change == nil } ? title : titleWithChanges)
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: max(0, box.width - 4), height: max(0, box.height - 2))
        let money = PanelMoney(currency: state.currency, isPrivate: false)
        let listHeight = max(0, inner.height - 4)
        let first = min(max(0, selected - listHeight + 1), max(0, total - listHeight))
        // One amount column for every row, as wide as the widest amount.
        let amountWidth = writes.compactMap(\.expense).map { painter.shownWidth(money.signed($0.draft.amount, kind: $0.draft.kind)) }.max() ?? 0
        for (row, index) in (first..<min(total, first + listHeight)).enumerated() {
            let isSelected = index == selected
            let style: (ColorRole) -> Style = { role in isSelected ? .selection : Style(role: role) }
            let y = inner.y + 1 + row
            guard case let .expense(item) = writes[index] else {
                guard case let .change(change) = writes[index] else { continue }
                let x = inner.x + 7
                let textWidth = max(0, inner.width - 7 - 12)
                painter.column(change.text(currency: state.currency), x: x, y: y, width: textWidth, style: style(.normal))
                painter.column(" " + PendingMark.text(change.state), x: x + textWidth, y: y, width: 12,
                               style: style(change.isRefused ? .negative : .warning))
                continue
            }
            let mark = PendingMark.text(item.state)
            let amount = money.signed(item.draft.amount, kind: item.draft.kind)
            let dateText = DateFormatting.compactDate(item.draft.date)
            let nameWidth = max(0, inner.width - 7 - 12 - amountWidth)
            var x = inner.x
            x += painter.column(dateText, x: x, y: y, width: 7, style: style(.muted))
            x += painter.column(item.draft.name, x: x, y: y, width: nameWidth, style: style(.normal))
            x += painter.column(" " + mark, x: x, y: y, width: 12, style: style(item.isRefused ? .negative : .warning))
            painter.column(amount, x: x, y: y, width: amountWidth, alignment: .right, style: style(.normal))
        }
        let selectedState = writes.indices.contains(selected) ? writes[selected].state : nil
        if case let .refused(reason)? = selectedState {
            painter.text(painter.fitted("Refusée : \(reason.text)", width: inner.width), x: inner.x, y: inner.maxY - 2,
                         style: Style(role: .negative), clip: inner)
        }
        let keys = "Entrée  Corriger   d  Supprimer   s  Envoyer   Échap  Fermer"
        painter.text(painter.fitted(keys, width: inner.width), x: inner.x, y: inner.maxY - 1, style: Style(role: .muted), clip: inner)
    }
}
