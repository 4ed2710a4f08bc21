import PulpeCore
import PulpeTerminal

/// The start-up logo: the `splash` animation centred on an otherwise empty screen.
enum SplashView {
    static let animationName = "splash"

    static func draw(_ splash: SplashState, now: AppTime, context: ViewContext, into painter: inout Painter) -> AppTime? {
        let player = AnimationPlayer(animation: context.animations.animation(named: animationName),
                                     reducedMotion: context.capabilities.reducedMotion)
        let elapsed = now - splash.shownAt
        AnimationView.draw(player, at: elapsed, in: painter.bounds, into: &painter, style: Style(role: .accent, bold: true))
        return player.nextChange(after: elapsed).map { splash.shownAt + $0 }
    }
}
