import PulpeCore
import PulpeTerminal

extension ImportReviewView {
    /// The statement import's keys: its path field, its review and a row's rename. Concatenated by `KeyTable.bindings`.
    static let bindings: [KeyBinding] = [
        KeyBinding([.enter], .importStatement(.submit), "Lire le relevé", scope: .importPath),
        KeyBinding([.escape], .importStatement(.cancel), "Annuler", scope: .importPath),
        KeyBinding([.up, .char("k")], .importStatement(.moveUp), "Monter", scope: .importReview, inFooter: false),
        KeyBinding([.down, .char("j")], .importStatement(.moveDown), "Descendre", scope: .importReview, inFooter: false),
        KeyBinding([.char(" ")], .importStatement(.toggle), "Garder / ignorer", scope: .importReview),
        KeyBinding([.char("r")], .importStatement(.rename), "Renommer", scope: .importReview),
        KeyBinding([.char("l")], .importStatement(.chooseLine), "Prévision", scope: .importReview),
        KeyBinding([.char("t")], .importStatement(.tags), "Tags", scope: .importReview),
        KeyBinding([.enter], .importStatement(.submit), "Valider", scope: .importRename),
        KeyBinding([.escape], .importStatement(.cancel), "Annuler", scope: .importRename),
        KeyBinding([.enter], .importStatement(.submit), "Importer", scope: .importReview),
        KeyBinding([.escape], .importStatement(.cancel), "Retour", scope: .importReview),
    ]
}
