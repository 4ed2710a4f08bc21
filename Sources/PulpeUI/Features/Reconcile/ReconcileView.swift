import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal

/// « Rapprocher mes comptes » (`b`) over the panels: the balances typed and the entry's name, then
/// the figures as they stand — bank, « Pointé », rollover, the gap — and what `Entrée` will do:
/// « À jour », or the one entry that closes the gap. Fits 60×20 and ASCII.
enum ReconcileView {
    static let title = "Rapprocher mes comptes"
    static let width = 60
    static let height = 15
    static let labelWidth = 17

    static func draw(_ form: ReconcileForm, browse: BrowseState, into painter: inout Painter) {
        let box = painter.formBox(width: width, height: height, title: title)
        let left = box.x + 2
        let valueX = left + 1 + labelWidth
        let valueWidth = max(0, box.maxX - 2 - valueX)

        label("Soldes bancaires", focused: form.focus == .balances, x: left, y: box.y + 2, into: &painter)
        LineFieldView.draw(form.balances, focused: form.focus == .balances, completion: nil,
                           in: Rect(x: valueX, y: box.y + 2, width: valueWidth, height: 1), into: &painter)
        painter.text(painter.fitted("un par compte, séparés par un espace", width: valueWidth), x: valueX, y: box.y + 3,
                     style: Style(role: .muted), clip: box)
        label("Libellé", focused: form.focus == .name, x: left, y: box.y + 4, into: &painter)
        LineFieldView.draw(form.name, focused: form.focus == .name, completion: nil,
                           in: Rect(x: valueX, y: box.y + 4, width: valueWidth, height: 1), into: &painter)

        guard let details = browse.shownDetails else { return }
        let currency = browse.settings.currency
        let money = { (value: Decimal) in MoneyFormatter.format(value, currency: currency) }
        let signed = { (value: Decimal) in (value > 0 ? "+" : "") + money(value) }
        let typed = try? form.total.get()
        let figures = Reconciliation(bankTotal: typed ?? 0, details: details, unchecked: form.unchecked)
        let rows: [(String, String)] = [
            ("Banque", typed.map(money) ?? "—"),
            ("Pointé", money(figures.pointed)),
            ("Report", signed(figures.rollover)),
            ("Écart", typed.map { _ in signed(figures.gap) } ?? "—"),
        ]
        let amountX = box.maxX - 3
        for (index, row) in rows.enumerated() {
            let y = box.y + 6 + index
            painter.text(row.0, x: left + 1, y: y, style: Style(role: .muted), clip: box)
            let isGap = index == rows.count - 1
            let style = isGap ? Style(role: typed == nil ? .muted : figures.isUpToDate ? .positive : .warning, bold: true)
                : Style(role: .normal)
            painter.text(row.1, x: amountX - painter.shownWidth(row.1), y: y, style: style, clip: box)
        }
        let (said, role) = outlook(form, figures: figures, typed: typed != nil, currency: currency)
        painter.text(painter.fitted(said, width: box.width - 5), x: left + 1, y: box.y + 11, style: Style(role: role), clip: box)
        if figures.unchecked > 0 {
            let items = figures.unchecked == 1 ? "1 élément non pointé" : "\(figures.unchecked) éléments non pointés"
            painter.text(painter.fitted("\(items) : le pointé ne les compte pas", width: box.width - 5), x: left + 1,
                         y: box.y + 12, style: Style(role: .muted), clip: box)
        }
    }

    /// What `Entrée` will do, or why it cannot yet.
    static func outlook(_ form: ReconcileForm, figures: Reconciliation, typed: Bool, currency: Currency) -> (String, ColorRole) {
        switch form.problem {
        case .balances(.none)?: return ("Ajoute au moins un solde", .negative)
        case let .balances(.unreadable(row, text))?: return ("Solde illisible n° \(row) : « \(text) » — ex. 1234.50", .negative)
        case .nameTooLong?: return ("Libellé trop long (\(ExpenseRules.maximumNameLength) caractères au plus)", .negative)
        case .nameHasControl?: return (ExpenseProblem.nameHasControl.text(), .negative)
        case nil: break
        }
        if case let .failure(.unreadable(row, text)) = form.total { return ("Solde illisible n° \(row) : « \(text) »", .negative) }
        guard typed else { return ("Tape le solde de chaque compte, puis Entrée", .muted) }
        guard let kind = figures.adjustmentKind else { return ("À jour : Entrée pour confirmer", .positive) }
        let amount = MoneyFormatter.format(figures.adjustmentAmount, currency: currency)
        let what = kind == .income ? "un revenu" : "une dépense"
        return ("Entrée : ajoute \(what) de \(amount), pointé", .accent)
    }

    private static func label(_ text: String, focused: Bool, x: Int, y: Int, into painter: inout Painter) {
        if focused { painter.text(painter.glyphs.arrowRight, x: x - 1, y: y, style: Style(role: .accent, bold: true)) }
        painter.text(text, x: x + 1, y: y, style: focused ? Style(role: .accent, bold: true) : Style(role: .muted))
    }
}
