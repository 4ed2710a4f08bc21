import PulpeCore
import PulpeTerminal

extension SettingsView {
    static let bindings: [KeyBinding] = [
        KeyBinding([.up, .char("k")], .settings(.moveUp), "Monter", scope: .settings, inFooter: false),
        KeyBinding([.down, .char("j")], .settings(.moveDown), "Descendre", scope: .settings, inFooter: false),
        KeyBinding([.left, .char("h"), .char("-")], .settings(.previousValue), "Valeur précédente", scope: .settings),
        KeyBinding([.right, .char("l"), .char("+")], .settings(.nextValue), "Valeur suivante", scope: .settings),
        KeyBinding([.enter], .settings(.submit), "Enregistrer", scope: .settings),
        KeyBinding([.escape, .char(","), .char("q")], .settings(.cancel), "Fermer", scope: .settings),
        KeyBinding([.char("o"), .enter], .settings(.confirm(true)), "Oui", scope: .settingsConfirm),
        KeyBinding([.char("n")], .settings(.confirm(false)), "Non", scope: .settingsConfirm),
        KeyBinding([.escape], .settings(.cancel), "Annuler", scope: .settingsConfirm),
    ]
}
