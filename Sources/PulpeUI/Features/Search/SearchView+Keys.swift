import PulpeCore
import PulpeTerminal

extension SearchView {
    /// The search's keys. Concatenated by `KeyTable.bindings`.
    static let bindings: [KeyBinding] = [
        KeyBinding([.enter], .search(.enter), "Chercher · Ouvrir", scope: .search),
        KeyBinding([.up], .search(.moveUp), "Résultat précédent", scope: .search, inFooter: false),
        KeyBinding([.down], .search(.moveDown), "Résultat suivant", scope: .search),
        KeyBinding([.pageUp], .search(.pageUp), "Page précédente", scope: .search, inFooter: false),
        KeyBinding([.pageDown], .search(.pageDown), "Page suivante", scope: .search, inFooter: false),
        KeyBinding([.escape], .search(.close), "Fermer", scope: .search),
        KeyBinding([.function(1)], .app(.showHelp), "Aide", scope: .search, inFooter: false),
        KeyBinding([.ctrl("c")], .app(.quit), "Quitter", scope: .search, inFooter: false),
    ]
}
