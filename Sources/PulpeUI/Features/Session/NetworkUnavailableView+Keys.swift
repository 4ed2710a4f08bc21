import PulpeCore
import PulpeTerminal

extension NetworkUnavailableView {
    /// « Connexion impossible »'s keys. Concatenated by `KeyTable.bindings`.
    static let bindings: [KeyBinding] = [
        KeyBinding([.char("R"), .char("r")], .startup(.retry), "Réessayer", scope: .networkUnavailable),
        KeyBinding([.char("o")], .startup(.continueOffline), "Continuer hors ligne", scope: .networkUnavailable),
        KeyBinding([.char("?")], .app(.showHelp), "Aide", scope: .networkUnavailable),
    ]
}
