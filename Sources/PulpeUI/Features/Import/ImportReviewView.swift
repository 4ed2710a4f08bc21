import PulpeCore
import PulpeDomain
import PulpeTerminal

/// The import screen (`I`): the path typed, then every operation of the statement with its date,
/// name, amount and what the import does with it — kept ones marked — and the count to import.
enum ImportReviewView {
    static func draw(_ review: ImportReview, state: AppState, into painter: inout Painter) {
        let bounds = painter.bounds
        let width = min(bounds.width - 2, 96)
        let rows = review.rows ?? []
        let height = min(bounds.height - 2, review.rows == nil ? 7 : rows.count + 4)
        let box = Rect(x: (bounds.width - width) / 2, y: (bounds.height - height) / 2, width: width, height: height)
        painter.fill(box)
        painter.box(box, style: Style(role: .accent), title: ImportText.title)
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: max(0, box.width - 4), height: max(0, box.height - 2))
        guard review.rows != nil else {
            let labelWidth = painter.text(ImportText.pathLabel, x: inner.x, y: inner.y + 1, style: Style(role: .accent, bold: true), clip: inner) + 1
            LineFieldView.draw(review.path, focused: !review.reading, completion: nil,
                               in: Rect(x: inner.x + labelWidth, y: inner.y + 1, width: max(0, inner.width - labelWidth), height: 1),
                               into: &painter)
            if review.reading {
                painter.text(ImportText.reading, x: inner.x, y: inner.y + 3, style: Style(role: .muted), clip: inner)
            } else if let failure = review.failure {
                painter.text(painter.fitted(failure.text, width: inner.width), x: inner.x, y: inner.y + 3,
                             style: Style(role: .negative, bold: true), clip: inner)
            }
            return
        }
        let money = PanelMoney(currency: state.currency, isPrivate: state.shownHome?.browse?.isPrivate ?? false)
        let amountWidth = rows.map { painter.shownWidth(money.signed($0.amount, kind: $0.kind)) }.max() ?? 0
        let noteWidth = min(34, max(0, inner.width / 3))
        let listHeight = max(0, inner.height - 2)
        let first = min(max(0, review.selected - listHeight + 1), max(0, rows.count - listHeight))
        for (line, index) in (first..<min(rows.count, first + listHeight)).enumerated() {
            let row = rows[index]
            let isSelected = index == review.selected
            let style: (ColorRole) -> Style = { role in isSelected ? .selection : Style(role: role) }
            let y = inner.y + line
            let mark = row.draft == nil ? "   " : row.accepted ? "[\(painter.glyphs.check)]" : "[ ]"
            var x = inner.x
            x += painter.column(mark + " ", x: x, y: y, width: 4, style: style(row.accepted ? .positive : .muted))
            x += painter.column(DateFormatting.compactDate(row.date), x: x, y: y, width: 7, style: style(.muted))
            let nameWidth = max(0, inner.width - 11 - amountWidth - noteWidth - 2)
            x += painter.column(row.name, x: x, y: y, width: nameWidth, style: style(row.draft == nil ? .muted : .normal))
            x += painter.column(money.signed(row.amount, kind: row.kind), x: x, y: y, width: amountWidth, alignment: .right,
                                style: style(.normal))
            let tags = row.tags.isEmpty ? "" : " " + row.tags.map { "#" + $0 }.joined(separator: " ")
            painter.column("  " + ImportText.note(row) + tags, x: x, y: y, width: noteWidth + 2, style: style(.muted))
        }
        if let field = review.choosingLine {
            let label = review.lineUnknown ? "Aucune prévision de ce nom :" : "Prévision (vide : libre) :"
            let labelWidth = painter.text(label, x: inner.x, y: inner.maxY - 1,
                                          style: Style(role: review.lineUnknown ? .warning : .accent, bold: true), clip: inner) + 1
            LineFieldView.draw(field, focused: true, completion: Self.completionSuffix(field, review.lineCompletion?.name),
                               in: Rect(x: inner.x + labelWidth, y: inner.maxY - 1, width: max(0, inner.width - labelWidth), height: 1),
                               into: &painter)
            return
        }
        if let field = review.renaming ?? review.tagging {
            let label = review.renaming != nil ? "Nom :" : "Tags (séparés par des virgules) :"
            let labelWidth = painter.text(label, x: inner.x, y: inner.maxY - 1, style: Style(role: .accent, bold: true), clip: inner) + 1
            LineFieldView.draw(field, focused: true, completion: nil,
                               in: Rect(x: inner.x + labelWidth, y: inner.maxY - 1, width: max(0, inner.width - labelWidth), height: 1),
                               into: &painter)
            return
        }
        let summary = ImportText.summary(kept: review.kept.count, of: rows.count)
        painter.text(painter.fitted(summary + "   Espace  Garder   r  Nom   l  Prévision   t  Tags   Entrée  Importer   Échap  Retour",
                                    width: inner.width),
                     x: inner.x, y: inner.maxY - 1, style: Style(role: .muted), clip: inner)
    }

    /// The greyed rest of the prévision's name after what is typed (when it continues it), as in
    /// the quick-add's prévision field.
    static func completionSuffix(_ field: TextField, _ name: String?) -> String? {
        let typed = field.text
        guard let name, field.isCursorAtEnd, name.count > typed.count,
              QuickAddForm.folded(String(name.prefix(typed.count))) == QuickAddForm.folded(typed) else { return nil }
        return String(name.dropFirst(typed.count))
    }
}
