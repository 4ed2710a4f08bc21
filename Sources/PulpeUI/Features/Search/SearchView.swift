import PulpeCore
import PulpeDomain
import PulpeTerminal

/// The search across months (`S`) over the panels: the text typed, what the answer says, then
/// the hits grouped by month — date (« prévision » for a prévision), name, its prévision, amount —
/// with the highlighted one in the selection colour.
enum SearchView {
    static let title = "Rechercher dans tous les mois"

    /// One row of the list: a month's title, or a hit (an index into the hits).
    enum Row: Equatable {
        case month(BudgetMonth)
        case hit(Int)
    }

    static func rows(_ hits: [SearchHit]) -> [Row] {
        var rows: [Row] = []
        for (index, hit) in hits.enumerated() {
            if index == 0 || hits[index - 1].budgetMonth != hit.budgetMonth { rows.append(.month(hit.budgetMonth)) }
            rows.append(.hit(index))
        }
        return rows
    }

    static func draw(_ search: SearchState, browse: BrowseState, state: AppState, into painter: inout Painter) {
        let bounds = painter.bounds
        let width = min(bounds.width - 2, 96)
        let height = max(8, bounds.height - 4)
        let box = Rect(x: (bounds.width - width) / 2, y: max(0, (bounds.height - height) / 2 - 1), width: width, height: height)
        painter.fill(box)
        painter.box(box, style: Style(role: .accent), title: title)
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: max(0, box.width - 4), height: max(0, box.height - 2))
        guard inner.height >= 4 else { return }

        // The text, with its cursor.
        let prompt = painter.unicode ? "› " : "> "
        var x = inner.x + painter.text(prompt, x: inner.x, y: inner.y, style: Style(role: .accent))
        x += painter.text(painter.fitted(search.query.text, width: max(0, inner.width - 4)), x: x, y: inner.y)
        painter.text(painter.unicode ? "▏" : "_", x: x, y: inner.y, style: Style(role: .selection))

        let (said, role) = status(search)
        painter.text(painter.fitted(said, width: inner.width), x: inner.x, y: inner.y + 1, style: Style(role: role), clip: inner)

        let hits = search.hits
        let rows = rows(hits)
        let listTop = inner.y + 3
        let listHeight = max(0, inner.maxY - listTop)
        guard listHeight > 0, !rows.isEmpty else { return }
        let selectedRow = rows.firstIndex(of: .hit(search.cursor)) ?? 0
        // The highlighted hit stays in view, its month's title above it when there is room.
        let first = min(max(0, selectedRow - listHeight + 1), max(0, rows.count - listHeight))
        let money = PanelMoney(currency: browse.settings.currency, isPrivate: browse.isPrivate)
        let amountWidth = hits.map { painter.shownWidth(money.signed($0.amount, kind: $0.kind)) }.max() ?? 0
        let dateWidth = 12
        let lineWidth = min(22, max(0, (inner.width - dateWidth - amountWidth) / 3))
        let nameWidth = max(0, inner.width - dateWidth - lineWidth - amountWidth - 2)
        for (slot, row) in rows[first..<min(rows.count, first + listHeight)].enumerated() {
            let y = listTop + slot
            switch row {
            case let .month(month):
                painter.text(painter.fitted(FrenchMonths.title(month), width: inner.width), x: inner.x, y: y,
                             style: Style(role: .accent, bold: true))
            case let .hit(index):
                let hit = hits[index]
                let isSelected = index == search.cursor
                let style: (ColorRole) -> Style = { role in isSelected ? .selection : Style(role: role) }
                let date = hit.transactionDate.map { DateFormatting.compactDate(CalendarDay($0, in: state.timeZone)) } ?? "prévision"
                var x = inner.x
                x += painter.column("  " + date, x: x, y: y, width: dateWidth, style: style(.muted))
                x += painter.column(hit.name, x: x, y: y, width: nameWidth, style: style(.normal))
                x += painter.column(" ", x: x, y: y, width: 1, style: style(.normal))
                // A hit still in the outbox is marked where its prévision goes, as the panel marks it.
                if search.results?.value?.pending.contains(hit.id) == true {
                    x += painter.column(PendingMark.text(.pending), x: x, y: y, width: lineWidth, style: style(.warning))
                } else {
                    x += painter.column(hit.lineName ?? "", x: x, y: y, width: lineWidth, style: style(.muted))
                }
                x += painter.column(" ", x: x, y: y, width: 1, style: style(.normal))
                painter.column(money.signed(hit.amount, kind: hit.kind), x: x, y: y, width: amountWidth, alignment: .right,
                               style: style(hit.kind == .income ? .positive : .normal))
            }
        }
    }

    /// The line under the text: what to do, what is happening, or what was found (and from where).
    static func status(_ search: SearchState) -> (String, ColorRole) {
        if search.problem == .tooShort { return ("Au moins \(SearchState.minimumLength) caractères", .negative) }
        switch search.results {
        case nil:
            return ("Tape un nom ou une prévision, puis Entrée", .muted)
        case .loading?:
            return ("Recherche…", .muted)
        case let .failed(failure)?:
            return ("Recherche impossible : \(failure.text)", .negative)
        case let .loaded(found)?:
            let source = found.askedServer ? "" : " · résultats du cache (serveur injoignable)"
            guard !found.hits.isEmpty else { return ("Aucun résultat pour « \(search.query.text) »" + source, .muted) }
            let months = Set(found.hits.map(\.budgetMonth)).count
            let count = found.hits.count == 1 ? "1 résultat" : "\(found.hits.count) résultats"
            let inMonths = months == 1 ? "" : " dans \(months) mois"
            return (count + inMonths + " · Entrée pour ouvrir" + source, .muted)
        }
    }
}
