import PulpeCore
import PulpeTerminal

extension TagChartOverlay {
    /// The tag chart's keys. Concatenated by `KeyTable.bindings`.
    static let bindings: [KeyBinding] = [
        KeyBinding([.right, .tab, .char("l")], .tagChart(.widen), "Plus de mois", scope: .tagChart),
        KeyBinding([.left, .backTab, .char("h")], .tagChart(.narrow), "Moins de mois", scope: .tagChart),
        KeyBinding([.char("t")], .tagChart(.nextTag), "Tag suivant", scope: .tagChart),
        KeyBinding([.escape, .char("H"), .char("q")], .app(.closeOverlay), "Fermer", scope: .tagChart),
    ]
}
