/// Human labels for keys, for the footer and the help screen.
///
/// Labels are French like the rest of the UI ("Entrée", "Échap", "Début"), with an ASCII
/// spelling for terminals without UTF-8 so the footer never shows mojibake.
extension Key {
    /// The Unicode label: "↑", "PgDn", "Entrée", "Échap", "Tab", "Ctrl-L", "F1", "q".
    public var label: String { label(unicode: true) }

    /// The label for a Unicode or an ASCII terminal.
    public func label(unicode: Bool) -> String {
        switch self {
        case .char(" "): return "Espace"
        case .char(let c): return unicode ? String(c) : Glyphs.sanitize(String(c))
        case .up: return unicode ? "↑" : "Haut"
        case .down: return unicode ? "↓" : "Bas"
        case .left: return unicode ? "←" : "Gauche"
        case .right: return unicode ? "→" : "Droite"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return unicode ? "Début" : "Debut"
        case .end: return "Fin"
        case .enter: return unicode ? "Entrée" : "Entree"
        case .escape: return unicode ? "Échap" : "Echap"
        case .tab: return "Tab"
        case .backTab: return "Maj-Tab"
        case .backspace: return unicode ? "⌫" : "Retour"
        case .delete: return "Suppr"
        case .ctrl(let c): return "Ctrl-" + String(c).uppercased()
        case .function(let n): return "F\(n)"
        }
    }
}
