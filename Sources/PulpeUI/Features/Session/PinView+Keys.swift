import PulpeCore
import PulpeTerminal

extension PinView {
    /// The PIN screen's keys. Concatenated by `KeyTable.bindings`.
    static let bindings: [KeyBinding] = [
        KeyBinding([.escape], .pin(.signOut), "Changer de compte", scope: .pin),
        KeyBinding([.function(1)], .app(.showHelp), "Aide", scope: .pin, inFooter: false),
        KeyBinding([.ctrl("c")], .app(.quit), "Quitter", scope: .pin),
    ]
}
