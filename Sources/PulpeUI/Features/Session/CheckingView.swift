import PulpeCore
import PulpeTerminal

/// Start-up work outlived the splash: the finished logo and « Vérification du service… ».
enum CheckingView {
    static func draw(_ state: AppState, now: AppTime, context: ViewContext, into painter: inout Painter) -> AppTime? {
        let bounds = painter.bounds
        let logo = context.animations.animation(named: SplashView.animationName)
        let player = AnimationPlayer(animation: logo, reducedMotion: true)
        let logoArea = Rect(x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - 6))
        AnimationView.draw(player, at: .zero, in: logoArea, into: &painter, style: Style(role: .accent, bold: true))
        var schedule = RedrawSchedule()
        let line = bounds.height - 4
        let words = StatusText(state, context: context)
        let text = words.text(state.status.current ?? StatusEntry(.checkingService))
        let glyph = SpinnerGlyph.glyph(since: .zero, now: now, context: context)
        painter.centered("\(glyph) \(text)", in: bounds, y: line, style: Style(role: .muted))
        schedule.add(SpinnerGlyph.nextFrame(since: .zero, now: now, context: context))
        FooterView.draw(state, into: &painter, row: bounds.height - 1)
        return schedule.earliest
    }
}
