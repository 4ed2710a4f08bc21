import PulpeCore
import PulpeTerminal

extension ReconcileView {
    /// « Rapprocher mes comptes »'s keys. Concatenated by `KeyTable.bindings`.
    static let bindings: [KeyBinding] = [
        KeyBinding([.enter], .reconcile(.submit), "Rapprocher", scope: .reconcile),
        KeyBinding([.tab, .down], .reconcile(.nextField), "Champ suivant", scope: .reconcile),
        KeyBinding([.backTab, .up], .reconcile(.previousField), "Champ précédent", scope: .reconcile, inFooter: false),
        KeyBinding([.escape], .reconcile(.cancel), "Annuler", scope: .reconcile),
        KeyBinding([.function(1)], .app(.showHelp), "Aide", scope: .reconcile, inFooter: false),
        KeyBinding([.ctrl("c")], .app(.quit), "Quitter", scope: .reconcile, inFooter: false),
    ]
}
