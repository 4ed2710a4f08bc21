import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal

/// The quick-add form (docs/product.md §2.8): a box centred over the home screen with Montant,
/// Description, Prévision, Type, Date, Pointé and Tags, the live sum of a typed calculation, and one line for
/// the problem, « Enregistrement… » or « Abandonner cette dépense ? ». Fits 60×20 and ASCII.
enum QuickAddView {
    static let width = 56
    static let height = 12
    /// Label column, wide enough for « Description ».
    static let labelWidth = 13
    /// The amount's input, with room after it for « = 20.50 ».
    static let amountWidth = 18

    static func draw(_ form: QuickAddForm, browse: BrowseState, into painter: inout Painter) {
        let title = form.newLineBudget != nil ? QuickAddText.newLineTitle : form.editingLine.map { QuickAddText.editLineTitle($0.name) }
            ?? form.original.map { QuickAddText.editTitle($0.name) } ?? QuickAddText.title(form.kind)
        let box = painter.formBox(width: width, height: height, title: title)
        let left = box.x + 2
        let valueX = left + 1 + labelWidth
        let valueWidth = box.maxX - 2 - valueX
        let currency = browse.settings.currency

        label(QuickAddText.amount, field: .amount, form: form, x: left, y: box.y + 2, into: &painter)
        let amountLine = Rect(x: valueX, y: box.y + 2, width: min(amountWidth, valueWidth), height: 1)
        LineFieldView.draw(form.amount, focused: form.focus == .amount, completion: nil, in: amountLine, into: &painter)
        if let sum = form.liveSum {
            painter.text(QuickAddText.sum(sum, currency: currency), x: amountLine.maxX + 2, y: amountLine.y,
                         style: Style(role: .accent, bold: true), clip: box)
        }

        let isLineForm = form.editingLine != nil || form.newLineBudget != nil
        let nameLabel = isLineForm ? QuickAddText.lineName : QuickAddText.description
        label(nameLabel, field: .description, form: form, x: left, y: box.y + 3, into: &painter)
        let descriptionFocused = form.focus == .description
        LineFieldView.draw(form.description, focused: descriptionFocused,
                           completion: descriptionFocused ? form.completion?.suffix : nil,
                           in: Rect(x: valueX, y: box.y + 3, width: valueWidth, height: 1), into: &painter)

        // A prévision's form: its amount and name (and a new one's kind), then the message.
        guard !isLineForm else {
            var tagsY = box.y + 4
            if form.newLineBudget != nil {
                label(QuickAddText.kind, field: .kind, form: form, x: left, y: box.y + 4, into: &painter)
                drawKinds(form, x: valueX - 1, y: box.y + 4, clip: box, into: &painter)
                tagsY += 1
            }
            label(QuickAddText.recurrence, field: .recurrence, form: form, x: left, y: tagsY, into: &painter)
            let recurrence = form.recurrence == .fixed ? QuickAddText.fixed : QuickAddText.oneOff
            painter.text(recurrence, x: valueX, y: tagsY, style: valueStyle(focused: form.focus == .recurrence), clip: box)
            tagsY += 1
            label(QuickAddText.tags, field: .tags, form: form, x: left, y: tagsY, into: &painter)
            drawTags(form, in: Rect(x: valueX, y: tagsY, width: valueWidth, height: 1), into: &painter)
            if form.kind == .saving {
                label(QuickAddText.goal, field: .goal, form: form, x: left, y: tagsY + 1, into: &painter)
                drawGoal(form, in: Rect(x: valueX, y: tagsY + 1, width: valueWidth, height: 1), into: &painter)
            }
            drawMessage(form, currency: currency, in: Rect(x: left + 1, y: box.y + 9, width: box.width - 5, height: 2), into: &painter)
            return
        }
        label(QuickAddText.line, field: .line, form: form, x: left, y: box.y + 4, into: &painter)
        drawLine(form, currency: currency, in: Rect(x: valueX, y: box.y + 4, width: valueWidth, height: 1), into: &painter)

        label(QuickAddText.kind, field: .kind, form: form, x: left, y: box.y + 5, into: &painter)
        drawKinds(form, x: valueX - 1, y: box.y + 5, clip: box, into: &painter)

        label(QuickAddText.date, field: .date, form: form, x: left, y: box.y + 6, into: &painter)
        drawDate(form, browse: browse, x: valueX - 1, y: box.y + 6, clip: box, into: &painter)

        label(QuickAddText.checked, field: .checked, form: form, x: left, y: box.y + 7, into: &painter)
        let mark = form.checked ? "[\(painter.glyphs.check)] \(QuickAddText.yes)" : "[ ] \(QuickAddText.no)"
        painter.text(mark, x: valueX, y: box.y + 7, style: valueStyle(focused: form.focus == .checked), clip: box)

        label(QuickAddText.tags, field: .tags, form: form, x: left, y: box.y + 8, into: &painter)
        drawTags(form, in: Rect(x: valueX, y: box.y + 8, width: valueWidth, height: 1), into: &painter)

        drawMessage(form, currency: currency, in: Rect(x: left + 1, y: box.y + 9, width: box.width - 5, height: 2), into: &painter)
    }

    /// The label, bright when its field has the focus (with a mark before it, for monochrome).
    private static func label(_ text: String, field: QuickAddForm.Field, form: QuickAddForm, x: Int, y: Int,
                              into painter: inout Painter) {
        let focused = form.focus == field && !form.isConfirmingDiscard
        if focused { painter.text(painter.glyphs.arrowRight, x: x - 1, y: y, style: Style(role: .accent, bold: true)) }
        painter.text(text, x: x + 1, y: y, style: focused ? Style(role: .accent, bold: true) : Style(role: .muted))
    }

    private static func valueStyle(focused: Bool) -> Style {
        focused ? Style(role: .selection, reverse: true) : Style(role: .normal, bold: true)
    }

    /// The three kinds side by side, the chosen one marked (each padded by a space, so the
    /// names line up with the text fields when drawn one column to their left).
    private static func drawKinds(_ form: QuickAddForm, x: Int, y: Int, clip: Rect, into painter: inout Painter) {
        var x = x
        for kind in QuickAddForm.kinds {
            let name = " \(QuickAddText.kindName(kind)) "
            let style = kind == form.kind ? valueStyle(focused: form.focus == .kind) : Style(role: .muted)
            x += painter.text(name, x: x, y: y, style: style, clip: clip) + 1
        }
    }

    /// The day, then what it means: its budget when that is not its calendar month, else
    /// « aujourd'hui » / « hier » / « demain ».
    private static func drawDate(_ form: QuickAddForm, browse: BrowseState, x: Int, y: Int, clip: Rect,
                                 into painter: inout Painter) {
        var x = x
        x += painter.text(" \(DateFormatting.swissDate(form.date)) ", x: x, y: y,
                          style: valueStyle(focused: form.focus == .date), clip: clip)
        let month = form.budgetMonth(payDay: browse.settings.payDayOfMonth)
        let note = month != form.date.calendarMonth
            ? QuickAddText.budgetOf(month)
            : QuickAddText.relativeDay(form.date, today: browse.today)
        if let note { painter.text(note, x: x + 1, y: y, style: Style(role: .muted), clip: clip) }
    }

    /// The prévision: what is typed with its completion greyed and what is left on it, or, empty
    /// and unfocused, « aucune ».
    private static func drawLine(_ form: QuickAddForm, currency: Currency, in area: Rect, into painter: inout Painter) {
        let focused = form.focus == .line
        if form.line.text.isEmpty, !focused {
            painter.text(QuickAddText.noLine, x: area.x, y: area.y, style: Style(role: .muted), clip: area)
            return
        }
        let completion = form.lineCompletion
        let typed = form.line.text
        var suffix: String?
        if focused, let completion, completion.name.count > typed.count,
           QuickAddForm.folded(String(completion.name.prefix(typed.count))) == QuickAddForm.folded(typed) {
            suffix = String(completion.name.dropFirst(typed.count))
        }
        let fieldWidth = min(area.width, max(12, painter.shownWidth(typed + (suffix ?? "")) + 2))
        LineFieldView.draw(form.line, focused: focused, completion: suffix,
                           in: Rect(x: area.x, y: area.y, width: fieldWidth, height: 1), into: &painter)
        if let completion {
            painter.text(QuickAddText.lineLeft(completion.left, currency: currency), x: area.x + fieldWidth, y: area.y,
                         style: Style(role: .muted), clip: area)
        }
    }

    /// The tags typed, the completion greyed, and « Créer le tag « … » » for a name the account
    /// lacks; empty and unfocused, « aucun ».
    private static func drawTags(_ form: QuickAddForm, in area: Rect, into painter: inout Painter) {
        let focused = form.focus == .tags
        let field = form.tags
        if field.text.text.isEmpty, !focused {
            painter.text(QuickAddText.noTags, x: area.x, y: area.y, style: Style(role: .muted), clip: area)
            return
        }
        let suffix = focused ? field.completionSuffix : nil
        let hint = focused && suffix == nil ? field.newName.map(QuickAddText.createTag) : nil
        let hintWidth = hint.map { painter.shownWidth($0) + 1 } ?? 0
        let fieldWidth = min(max(12, area.width - hintWidth), max(12, painter.shownWidth(field.text.text + (suffix ?? "")) + 2))
        LineFieldView.draw(field.text, focused: focused, completion: suffix,
                           in: Rect(x: area.x, y: area.y, width: fieldWidth, height: 1), into: &painter)
        if let hint {
            painter.text(hint, x: area.x + fieldWidth + 1, y: area.y, style: Style(role: .accent), clip: area)
        }
    }

    /// A saving prévision's goal: typed with its completion greyed; empty and unfocused, « aucun ».
    private static func drawGoal(_ form: QuickAddForm, in area: Rect, into painter: inout Painter) {
        let focused = form.focus == .goal
        if form.goal.text.isEmpty, !focused {
            painter.text(QuickAddText.noGoal, x: area.x, y: area.y, style: Style(role: .muted), clip: area)
            return
        }
        let typed = form.goal.text
        var suffix: String?
        if focused, let completion = form.goalCompletion, completion.name.count > typed.count,
           QuickAddForm.folded(String(completion.name.prefix(typed.count))) == QuickAddForm.folded(typed) {
            suffix = String(completion.name.dropFirst(typed.count))
        }
        LineFieldView.draw(form.goal, focused: focused, completion: suffix, in: area, into: &painter)
    }

    /// The form's last lines: the question, « Enregistrement… », or the problem.
    private static func drawMessage(_ form: QuickAddForm, currency: Currency, in area: Rect, into painter: inout Painter) {
        var lines: [(String, Style)] = []
        if form.isConfirmingDiscard {
            lines = [(QuickAddText.discardQuestion, Style(role: .warning, bold: true)),
                     (QuickAddText.discardChoices, Style(role: .muted))]
        } else if form.isStoring {
            lines = [(QuickAddText.storing, Style(role: .muted))]
        } else if let problem = form.problem {
            lines = [(problem.text(currency: currency), Style(role: .negative, bold: true))]
        }
        for (offset, line) in lines.enumerated() {
            let fitted = painter.shown(line.0).truncated(toWidth: area.width, ellipsis: painter.glyphs.ellipsis)
            painter.text(fitted, x: area.x, y: area.y + offset, style: line.1, clip: area)
        }
    }
}
