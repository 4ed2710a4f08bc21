import PulpeCore
import PulpeTerminal

extension QuickAddView {
    /// The quick-add form's keys: by field (the kind, the date, « pointé »), the form's, and the
    /// question before throwing what was typed away. Concatenated by `KeyTable.bindings`.
    static let bindings: [KeyBinding] = [
        KeyBinding([.left], .quickAdd(.previousKind), "Type précédent", scope: .quickAddKind, inFooter: false),
        KeyBinding([.char(" "), .right], .quickAdd(.nextKind), "Changer le type", scope: .quickAddKind),
        KeyBinding([.char("-"), .left], .quickAdd(.previousDay), "Veille", scope: .quickAddDate),
        KeyBinding([.char("+"), .right], .quickAdd(.nextDay), "Lendemain", scope: .quickAddDate),
        KeyBinding([.char(" ")], .quickAdd(.toggleChecked), "Pointer", scope: .quickAddChecked),
        KeyBinding([.char(" "), .left, .right], .quickAdd(.toggleRecurrence), "Fixe / ponctuelle", scope: .quickAddRecurrence),
        KeyBinding([.enter], .quickAdd(.submit), "Enregistrer", scope: .quickAdd),
        KeyBinding([.tab, .down], .quickAdd(.nextField), "Champ suivant", scope: .quickAdd),
        KeyBinding([.backTab, .up], .quickAdd(.previousField), "Champ précédent", scope: .quickAdd, inFooter: false),
        KeyBinding([.escape], .quickAdd(.cancel), "Annuler", scope: .quickAdd),
        KeyBinding([.function(1)], .app(.showHelp), "Aide", scope: .quickAdd),
        KeyBinding([.ctrl("c")], .app(.quit), "Quitter", scope: .quickAdd, inFooter: false),
        KeyBinding([.char("o"), .enter], .quickAdd(.confirmDiscard), "Abandonner", scope: .quickAddDiscard),
        KeyBinding([.char("n"), .escape], .quickAdd(.keepEditing), "Continuer la saisie", scope: .quickAddDiscard),
        KeyBinding([.ctrl("c")], .app(.quit), "Quitter", scope: .quickAddDiscard, inFooter: false),
    ]
}
