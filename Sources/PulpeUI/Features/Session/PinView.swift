import PulpeCore
import PulpeTerminal

/// docs/product.md §2.6: four masked digits; « Déverrouillage… » while the key is derived. When the
/// PIN is asked again over open data (idle lock, a key changed elsewhere) the reason comes first,
/// and no amount is drawn: the screen behind waits, hidden.
enum PinView {
    static func draw(_ form: PinForm, state: AppState, now: AppTime, context: ViewContext, into painter: inout Painter) -> AppTime? {
        let bounds = painter.bounds
        HeaderView.draw(title: "Pulpe", into: &painter)
        let middle = bounds.height / 2 - 3
        if let notice = form.notice {
            painter.centered(notice.text, in: bounds, y: middle - 2, style: Style(role: .warning, bold: true))
        }
        painter.centered("Code PIN", in: bounds, y: middle, style: Style(role: .title, bold: true))
        painter.centered("Saisis ton code à 4 chiffres pour \(form.email)", in: bounds, y: middle + 1, style: Style(role: .muted))
        let filled = painter.unicode ? "●" : "*"
        let empty = painter.unicode ? "○" : "_"
        let dots = (0..<PinForm.length).map { $0 < form.digits.count ? filled : empty }.joined(separator: "  ")
        painter.centered(dots, in: bounds, y: middle + 3, style: Style(role: .accent, bold: true))
        var schedule = RedrawSchedule()
        if form.isUnlocking {
            let glyph = SpinnerGlyph.glyph(since: .zero, now: now, context: context)
            painter.centered("\(glyph) Déverrouillage…", in: bounds, y: middle + 5, style: Style(role: .muted))
            schedule.add(SpinnerGlyph.nextFrame(since: .zero, now: now, context: context))
        } else if let error = form.error {
            painter.centered(error.text, in: bounds, y: middle + 5, style: Style(role: .negative, bold: true))
        }
        FooterView.draw(state, into: &painter, row: bounds.height - 1)
        return schedule.earliest
    }
}
