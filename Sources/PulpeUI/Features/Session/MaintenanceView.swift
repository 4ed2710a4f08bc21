import PulpeCore
import PulpeTerminal

/// docs/product.md §2.3: the maintenance animation, the reassurance text, the retry key and what
/// happened on the last retry, and when the app checks again by itself.
enum MaintenanceView {
    static let animationName = "maintenance"
    static let title = "Maintenance en cours"
    static let paragraph = "On améliore Pulpe pour toi — tes données sont bien au chaud, pas d'inquiétude. Réessaie dans quelques instants."

    static func draw(_ maintenance: MaintenanceState, state: AppState, now: AppTime, context: ViewContext,
                     into painter: inout Painter) -> AppTime? {
        var schedule = RedrawSchedule()
        let bounds = painter.bounds
        let body = Rect(x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - 1))
        var lines: [(text: String, style: Style)] = []
        if maintenance.isChecking {
            let glyph = SpinnerGlyph.glyph(since: maintenance.shownAt, now: now, context: context)
            lines.append(("\(glyph) Vérification…", Style(role: .accent)))
            schedule.add(SpinnerGlyph.nextFrame(since: maintenance.shownAt, now: now, context: context))
        } else {
            lines.append(("R  Réessayer", Style(role: .accent, bold: true)))
        }
        if maintenance.hasCachedData { lines.append((NetworkUnavailableView.continueOffline, Style(role: .accent))) }
        lines.append((maintenance.feedback?.text ?? "", Style(role: .warning)))
        if let next = maintenance.nextCheckAt, !maintenance.isChecking {
            let (text, change) = countdown(to: next, now: now)
            lines.append((text, Style(role: .muted)))
            schedule.add(change)
        }
        let player = AnimationPlayer(animation: context.animations.animation(named: animationName),
                                     reducedMotion: context.capabilities.reducedMotion)
        let screen = MessageScreen(title: title, titleStyle: Style(role: .title, bold: true), paragraph: paragraph, lines: lines)
        let pictureHeight = player.animation.height + 1
        let picture = screen.draw(in: body, pictureHeight: pictureHeight, into: &painter)
        // The animation, with a blank row above the title when there is room for one; never over the title.
        let room = Rect(x: 0, y: picture.top, width: bounds.width, height: max(0, min(pictureHeight - 1, picture.height)))
        if room.height > 0 {
            let elapsed = now - maintenance.shownAt
            AnimationView.draw(player, at: elapsed, in: room, into: &painter, style: Style(role: .accent))
            schedule.add(player.nextChange(after: elapsed).map { maintenance.shownAt + $0 })
        }
        FooterView.draw(state, into: &painter, row: bounds.height - 1)
        return schedule.earliest
    }

    /// « Prochaine vérification dans 28 s », and when that number changes.
    static func countdown(to deadline: AppTime, now: AppTime) -> (String, AppTime?) {
        let remaining = max(.zero, deadline - now)
        let (seconds, attoseconds) = remaining.components
        let shown = Int(seconds) + (attoseconds > 0 ? 1 : 0)
        if shown <= 0 { return ("Vérification imminente…", nil) }
        let nextChange = AppTime(deadline.sinceStart - .seconds(shown - 1))
        return ("Prochaine vérification dans \(shown) s", nextChange)
    }
}
