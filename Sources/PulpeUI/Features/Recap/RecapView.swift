import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal

/// « Bilan du mois » (decision 122): a box over the home screen at the first start of a new
/// period — the month just closed in five figures, what it carries into this one, the prévisions
/// that ran over (most first), and how to close it.
enum RecapView {
    static let bindings: [KeyBinding] = [
        KeyBinding([.enter, .escape, .char("q"), .char(" ")], .app(.closeOverlay), "Fermer", scope: .recap),
    ]

    static func draw(_ recap: MonthRecap, state: AppState, into painter: inout Painter) {
        let bounds = painter.bounds
        let overruns = Array(recap.overruns.prefix(5))
        let width = min(bounds.width - 2, 60)
        let height = min(bounds.height - 2, 11 + (overruns.isEmpty ? 0 : overruns.count + 2))
        guard width >= 24, height >= 8 else { return }
        let box = Rect(x: (bounds.width - width) / 2, y: (bounds.height - height) / 2, width: width, height: height)
        painter.fill(box)
        painter.box(box, style: Style(role: .accent), title: "Bilan \(FrenchMonths.ofTitle(recap.month))")
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: max(0, box.width - 4), height: max(0, box.height - 2))
        let money = PanelMoney(currency: state.shownHome?.settings.value?.currency ?? .chf,
                               isPrivate: state.shownHome?.browse?.isPrivate ?? false)
        let rows: [(String, Decimal, ColorRole, Bool)] = [
            ("Revenus", recap.income, .positive, false),
            ("Dépenses", recap.expenses, .normal, false),
            ("Épargne", recap.savings, .normal, false),
            ("Résultat du mois", recap.result, recap.result < 0 ? .negative : .positive, true),
            ("Reporté sur \(FrenchMonths.title(recap.month.next))", recap.carried, recap.carried < 0 ? .negative : .normal, true),
        ]
        let amountWidth = 18
        for (index, (label, amount, role, bold)) in rows.enumerated() {
            let y = inner.y + index + (index >= 3 ? 1 : 0)
            painter.column(label, x: inner.x, y: y, width: max(0, inner.width - amountWidth), style: Style(role: .muted, bold: bold))
            painter.column(money.amount(amount), x: inner.maxX - amountWidth, y: y, width: amountWidth, alignment: .right,
                           style: Style(role: role, bold: bold))
        }
        var y = inner.y + rows.count + 2
        if !overruns.isEmpty {
            painter.text("Au-delà du prévu", x: inner.x, y: y, style: Style(role: .warning, bold: true), clip: inner)
            y += 1
            for overrun in overruns {
                painter.column(overrun.name, x: inner.x + 2, y: y, width: max(0, inner.width - amountWidth - 2), style: Style(role: .normal))
                painter.column("+" + money.amount(overrun.overrun), x: inner.maxX - amountWidth, y: y, width: amountWidth,
                               alignment: .right, style: Style(role: .negative))
                y += 1
            }
        }
        painter.text(painter.fitted("Entrée  Fermer (une fois par mois)", width: inner.width), x: inner.x, y: inner.maxY - 1,
                     style: Style(role: .muted), clip: inner)
    }
}
