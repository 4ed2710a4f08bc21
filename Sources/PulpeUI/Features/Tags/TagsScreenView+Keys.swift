import PulpeCore
import PulpeTerminal

extension TagsScreenView {
    /// The tags screen's keys: the list, a name being typed, a delete to confirm. Concatenated by `KeyTable.bindings`.
    static let bindings: [KeyBinding] = [
        KeyBinding([.up, .char("k")], .tags(.moveUp), "Monter", scope: .tags, inFooter: false),
        KeyBinding([.down, .char("j")], .tags(.moveDown), "Descendre", scope: .tags, inFooter: false),
        KeyBinding([.enter], .tags(.submit), "Filtrer le mois", scope: .tags),
        KeyBinding([.char("a")], .tags(.add), "Nouveau", scope: .tags),
        KeyBinding([.char("r")], .tags(.rename), "Renommer", scope: .tags),
        KeyBinding([.char("d"), .delete], .tags(.delete), "Supprimer", scope: .tags),
        KeyBinding([.char("H")], .tags(.history), "Historique", scope: .tags),
        KeyBinding([.escape, .char("q"), .char("T")], .tags(.cancel), "Fermer", scope: .tags),
        KeyBinding([.enter], .tags(.submit), "Enregistrer", scope: .tagsTyping),
        KeyBinding([.escape], .tags(.cancel), "Annuler", scope: .tagsTyping),
        KeyBinding([.enter, .char("o")], .tags(.submit), "Oui", scope: .tagsConfirm),
        KeyBinding([.escape, .char("n")], .tags(.cancel), "Non", scope: .tagsConfirm),
    ]
}
