import PulpeCore
import PulpeTerminal

extension FilterLineView {
    /// The month filter's keys while it is typed. Concatenated by `KeyTable.bindings`.
    static let bindings: [KeyBinding] = [
        KeyBinding([.enter], .browse(.endFilter), "Garder le filtre", scope: .filter),
        KeyBinding([.escape], .browse(.clearFilter), "Effacer le filtre", scope: .filter),
    ]
}
