import PulpeCore
import PulpeTerminal

extension PendingListOverlay {
    /// The keys of the list of what waits to be sent. Concatenated by `KeyTable.bindings`.
    static let bindings: [KeyBinding] = [
        KeyBinding([.up, .char("k")], .outbox(.moveUp), "Monter", scope: .pendingList, inFooter: false),
        KeyBinding([.down, .char("j")], .outbox(.moveDown), "Descendre", scope: .pendingList, inFooter: false),
        KeyBinding([.enter], .outbox(.editSelected), "Corriger", scope: .pendingList),
        KeyBinding([.char("d"), .delete], .outbox(.deleteSelected), "Supprimer", scope: .pendingList),
        KeyBinding([.char("s")], .outbox(.syncNow), "Envoyer", scope: .pendingList),
        KeyBinding([.escape, .char("e"), .char("q")], .app(.closeOverlay), "Fermer", scope: .pendingList),
    ]
}
