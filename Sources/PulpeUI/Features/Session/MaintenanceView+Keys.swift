import PulpeCore
import PulpeTerminal

extension MaintenanceView {
    /// The maintenance screen's keys. Concatenated by `KeyTable.bindings`.
    static let bindings: [KeyBinding] = [
        KeyBinding([.char("R"), .char("r")], .startup(.retry), "Réessayer", scope: .maintenance),
        KeyBinding([.char("o")], .startup(.continueOffline), "Continuer hors ligne", scope: .maintenance),
        KeyBinding([.char("?")], .app(.showHelp), "Aide", scope: .maintenance),
    ]
}
