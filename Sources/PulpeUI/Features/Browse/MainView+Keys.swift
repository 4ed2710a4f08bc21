import PulpeCore
import PulpeTerminal

extension MainView {
    /// The home screen's keys: the year panel's, then the month panel's (each item write's row
    /// spliced in from `ItemWrite`), and those that open a form or a screen over the panels.
    /// Concatenated by `KeyTable.bindings`.
    static let bindings: [KeyBinding] = [
        KeyBinding([.char("["), .char("h")], .browse(.previousMonth), "Année préc.", scope: .yearPanel),
        KeyBinding([.char("]"), .char("l")], .browse(.nextMonth), "Année suiv.", scope: .yearPanel),
        KeyBinding([.enter], .browse(.openSelectedMonth), "Ouvrir", scope: .yearPanel),
        KeyBinding([.left], .browse(.moveLeft), "Mois précédent", scope: .yearPanel, inFooter: false),
        KeyBinding([.right], .browse(.moveRight), "Mois suivant", scope: .yearPanel, inFooter: false),
        KeyBinding([.up, .char("k")], .browse(.moveUp), "Rangée du dessus", scope: .yearPanel, inFooter: false),
        KeyBinding([.down, .char("j")], .browse(.moveDown), "Rangée du dessous", scope: .yearPanel, inFooter: false),
        KeyBinding([.char("a")], .quickAdd(.open), "Ajouter", scope: .home),
        KeyBinding([.char("["), .char("h")], .browse(.previousMonth), "Mois préc.", scope: .home),
        KeyBinding([.char("]"), .char("l")], .browse(.nextMonth), "Mois suiv.", scope: .home),
        KeyBinding([.left], .browse(.moveLeft), "Précédent", scope: .home, inFooter: false),
        KeyBinding([.right], .browse(.moveRight), "Suivant", scope: .home, inFooter: false),
        KeyBinding([.char("t")], .browse(.currentPeriod), "Aujourd'hui", scope: .home),
        KeyBinding([.tab], .browse(.switchPanel), "Mois/Année", scope: .home),
        KeyBinding([.enter], .browse(.openSelectedMonth), "Sélectionner", scope: .home, inFooter: false),
        KeyBinding([.char("x")], .gesture(.toggleCheckSelected), "Pointer", scope: .home),
        KeyBinding([.char("c")], .browse(.toggleToCheck), "À pointer", scope: .home, inFooter: false),
        KeyBinding([.char("d"), .delete], .gesture(.deleteSelectedTransaction), "Supprimer", scope: .home),
    ] + ItemWrite.allCases.map(\.binding) + [
        KeyBinding([.up, .char("k")], .browse(.moveUp), "Monter", scope: .home, inFooter: false),
        KeyBinding([.down, .char("j")], .browse(.moveDown), "Descendre", scope: .home, inFooter: false),
        KeyBinding([.pageUp], .browse(.pageUp), "Page précédente", scope: .home, inFooter: false),
        KeyBinding([.pageDown, .char(" ")], .browse(.pageDown), "Page suivante", scope: .home, inFooter: false),
        KeyBinding([.home, .char("g")], .browse(.moveToTop), "Début", scope: .home, inFooter: false),
        KeyBinding([.end, .char("G")], .browse(.moveToBottom), "Fin", scope: .home, inFooter: false),
        KeyBinding([.char("/")], .browse(.startFilter), "Filtrer", scope: .home),
        KeyBinding([.escape], .browse(.clearFilter), "Effacer le filtre", scope: .home, inFooter: false),
        KeyBinding([.char("p")], .browse(.togglePrivacy), "Masquer les montants", scope: .home, inFooter: false),
        KeyBinding([.char("r")], .browse(.refresh), "Actualiser", scope: .home),
        KeyBinding([.char("e")], .outbox(.showPending), "En attente", scope: .home),
        KeyBinding([.char("s")], .outbox(.syncNow), "Envoyer maintenant", scope: .home, inFooter: false),
        KeyBinding([.char("u")], .outbox(.undo), "Annuler", scope: .home, inFooter: false),
        KeyBinding([.char("L")], .app(.lockNow), "Verrouiller", scope: .home, inFooter: false),
        KeyBinding([.char("D")], .app(.signOut), "Se déconnecter · Changer de compte", scope: .home, inFooter: false),
        KeyBinding([.char("M")], .browse(.nextTemplate), "Autre modèle", scope: .home),
        KeyBinding([.char("P")], .browse(.planMonths), "Planifier 3 mois", scope: .home, inFooter: false),
        KeyBinding([.char("A")], .browse(.addLine), "Nouvelle prévision", scope: .home, inFooter: false),
        KeyBinding([.char("S")], .search(.open), "Rechercher", scope: .home, inFooter: false),
        KeyBinding([.char("b")], .reconcile(.open), "Rapprocher avec la banque", scope: .home, inFooter: false),
        KeyBinding([.char("H")], .tagChart(.open), "Historique du tag", scope: .home, inFooter: false),
        KeyBinding([.char("T")], .tags(.open), "Tags", scope: .home, inFooter: false),
        KeyBinding([.char("V")], .reports(.open), "Rapports", scope: .home, inFooter: false),
        KeyBinding([.char("m")], .templates(.open), "Modèles", scope: .home, inFooter: false),
        KeyBinding([.char(",")], .settings(.open), "Réglages", scope: .home, inFooter: false),
        KeyBinding([.char("I")], .importStatement(.open), "Importer un relevé", scope: .home, inFooter: false),
    ]
}
