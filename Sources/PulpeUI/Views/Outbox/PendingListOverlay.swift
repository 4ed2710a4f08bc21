import PulpeCore
import PulpeDomain
import PulpeTerminal

/// The pending list (`e`): each queued or refused expense with its state; the highlighted one's
/// refusal reason underneath; the keys to correct, delete and send.
enum PendingListOverlay {
    static let title = "Dépenses en attente"

    static func draw(selected: Int, state: AppState, into painter: inout Painter) {
        let items = state.outbox.items
        let bounds = painter.bounds
        let width = min(bounds.width - 2, 76)
        let height = min(bounds.height - 2, max(8, items.count + 7))
        let box = Rect(x: (bounds.width - width) / 2, y: (bounds.height - height) / 2, width: width, height: height)
        painter.fill(box)
        painter.box(box, style: Style(role: .accent), title: title)
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: max(0, box.width - 4), height: max(0, box.height - 2))
        let money = PanelMoney(currency: state.currency, isPrivate: false)
        let listHeight = max(0, inner.height - 4)
        let first = min(max(0, selected - listHeight + 1), max(0, items.count - listHeight))
        // One amount column for every row, as wide as the widest amount.
        let amountWidth = items.map { painter.shownWidth(money.signed($0.draft.amount, kind: $0.draft.kind)) }.max() ?? 0
        for (row, index) in (first..<min(items.count, first + listHeight)).enumerated() {
            let item = items[index]
            let isSelected = index == selected
            let style: (ColorRole) -> Style = { role in isSelected ? .selection : Style(role: role) }
            let y = inner.y + 1 + row
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
        if items.indices.contains(selected), case let .refused(reason) = items[selected].state {
            painter.text(painter.fitted("Refusée : \(reason)", width: inner.width), x: inner.x, y: inner.maxY - 2,
                         style: Style(role: .negative), clip: inner)
        }
        let keys = "Entrée  Corriger   d  Supprimer   s  Envoyer   Échap  Fermer"
        painter.text(painter.fitted(keys, width: inner.width), x: inner.x, y: inner.maxY - 1, style: Style(role: .muted), clip: inner)
    }
}
