import PulpeCore
import PulpeTerminal

/// docs/product.md §2.5: email, masked password, « Essayer la démo », errors in French.
enum LoginView {
    static func draw(_ form: LoginForm, state: AppState, now: AppTime, context: ViewContext, into painter: inout Painter) -> AppTime? {
        let bounds = painter.bounds
        HeaderView.draw(title: "Pulpe", into: &painter)
        let width = min(56, bounds.width - 4)
        let height = 13
        let box = Rect(x: (bounds.width - width) / 2, y: max(2, (bounds.height - height) / 2), width: width, height: height)
        painter.box(box, style: Style(role: .border), title: "Connexion")
        let left = box.x + 3
        let fieldWidth = box.width - 6
        field(label: "Email", value: form.email.text, focused: form.focus == .email,
              x: left, y: box.y + 2, width: fieldWidth, into: &painter)
        let masked = String(repeating: painter.glyphs.bullet, count: form.password.text.count)
        field(label: "Mot de passe", value: masked, focused: form.focus == .password,
              x: left, y: box.y + 5, width: fieldWidth, into: &painter)
        let demo = "[ Essayer la démo ]"
        let demoStyle = form.focus == .demo ? Style(role: .selection, reverse: true) : Style(role: .accent)
        painter.text(demo, x: left, y: box.y + 8, style: demoStyle)
        var schedule = RedrawSchedule()
        if form.isSubmitting {
            let glyph = SpinnerGlyph.glyph(since: .zero, now: now, context: context)
            painter.text("\(glyph) Connexion…", x: left, y: box.y + 10, style: Style(role: .muted))
            schedule.add(SpinnerGlyph.nextFrame(since: .zero, now: now, context: context))
        } else if let error = form.error {
            painter.text(painter.shown(error.text).truncated(toWidth: fieldWidth, ellipsis: painter.glyphs.ellipsis),
                         x: left, y: box.y + 10, style: Style(role: .negative, bold: true))
        }
        FooterView.draw(state, into: &painter, row: bounds.height - 1)
        return schedule.earliest
    }

    /// A label and an underlined input line; the focused one is highlighted with a cursor mark.
    static func field(label: String, value: String, focused: Bool, x: Int, y: Int, width: Int, into painter: inout Painter) {
        painter.text(label, x: x, y: y, style: focused ? Style(role: .accent, bold: true) : Style(role: .muted))
        let shown = painter.shown(value)
        // Long values scroll: the end (where typing happens) stays visible.
        var visible = shown
        while visible.displayWidth > width - 2, !visible.isEmpty { visible.removeFirst() }
        let line = Rect(x: x, y: y + 1, width: width, height: 1)
        painter.fill(line, with: " ", style: Style(role: focused ? .selection : .normal, underline: true))
        painter.text(visible + (focused ? (painter.unicode ? "▏" : "_") : ""), x: x, y: y + 1,
                     style: Style(role: focused ? .selection : .normal, underline: true), clip: line)
    }
}
