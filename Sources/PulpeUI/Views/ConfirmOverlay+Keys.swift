import PulpeCore
import PulpeTerminal

extension ConfirmOverlay {
    /// A yes/no question's keys. Concatenated by `KeyTable.bindings`.
    static let bindings: [KeyBinding] = [
        KeyBinding([.char("o"), .char("y"), .enter], .confirm(.yes), "Oui", scope: .confirm),
        KeyBinding([.char("n"), .escape], .confirm(.no), "Non", scope: .confirm),
    ]
}
