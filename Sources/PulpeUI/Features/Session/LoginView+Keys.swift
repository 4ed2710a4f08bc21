import PulpeCore
import PulpeTerminal

extension LoginView {
    /// The login screen's keys. Concatenated by `KeyTable.bindings`.
    static let bindings: [KeyBinding] = [
        KeyBinding([.enter], .login(.submit), "Valider", scope: .login),
        KeyBinding([.tab, .down], .login(.nextField), "Champ suivant", scope: .login),
        KeyBinding([.backTab, .up], .login(.previousField), "Champ précédent", scope: .login, inFooter: false),
        KeyBinding([.ctrl("d")], .login(.startDemo), "Essayer la démo", scope: .login),
        KeyBinding([.function(1)], .app(.showHelp), "Aide", scope: .login, inFooter: false),
        KeyBinding([.ctrl("c")], .app(.quit), "Quitter", scope: .login),
    ]
}
