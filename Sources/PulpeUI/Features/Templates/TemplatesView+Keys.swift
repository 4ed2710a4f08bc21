import PulpeCore
import PulpeTerminal

extension TemplatesView {
    static let bindings: [KeyBinding] = [
        KeyBinding([.tab, .right, .char("l")], .templates(.nextTemplate), "Modèle suivant", scope: .templates),
        KeyBinding([.backTab, .left, .char("h")], .templates(.previousTemplate), "Modèle précédent", scope: .templates, inFooter: false),
        KeyBinding([.up, .char("k")], .templates(.moveUp), "Monter", scope: .templates, inFooter: false),
        KeyBinding([.down, .char("j")], .templates(.moveDown), "Descendre", scope: .templates, inFooter: false),
        KeyBinding([.enter], .templates(.editAmount), "Montant", scope: .templates),
        KeyBinding([.char("d"), .delete], .templates(.deleteLine), "Supprimer la ligne", scope: .templates),
        KeyBinding([.char("*")], .templates(.makeDefault), "Par défaut", scope: .templates),
        KeyBinding([.escape, .char("m"), .char("q")], .templates(.cancel), "Fermer", scope: .templates),
        KeyBinding([.enter], .templates(.submit), "Valider", scope: .templatesTyping),
        KeyBinding([.escape], .templates(.cancel), "Annuler", scope: .templatesTyping),
        KeyBinding([.char("o")], .templates(.propagate(true)), "Les mois à venir aussi", scope: .templatesAsking),
        KeyBinding([.char("n")], .templates(.propagate(false)), "Le modèle seul", scope: .templatesAsking),
        KeyBinding([.escape], .templates(.cancel), "Annuler", scope: .templatesAsking),
    ]
}
