import PulpeCore
import PulpeTerminal

extension SplashView {
    /// The splash screen's key. Concatenated by `KeyTable.bindings`.
    static let bindings: [KeyBinding] = [
        KeyBinding([.enter, .char(" ")], .startup(.skipSplash), "Passer", scope: .splash, inFooter: false),
    ]
}
