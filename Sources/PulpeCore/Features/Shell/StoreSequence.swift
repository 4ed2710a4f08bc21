/// The shell flows' « store these, one after the other, the last asking for the sync » step
/// (`ChangeFlow`, `ImportFlow`): every operation committed before any send, in order (a tag's
/// create before the write that names it), and the sync's end told apart from an earlier store's
/// end reported late (found by `TagsE2ETests` under load).
struct StoreSequence: Hashable, Sendable {
    private var waiting: [ChangeDraft] = []
    /// The change whose store is on its way.
    private(set) var current: ChangeDraft?

    /// Starts storing `drafts`; nothing when there are none.
    mutating func start(_ drafts: [ChangeDraft], allowsSync: Bool) -> [Effect] {
        waiting = drafts
        return next(allowsSync: allowsSync)
    }

    /// One was stored: the next one's store, or nothing when all are (the last one's store runs the sync).
    mutating func next(allowsSync: Bool) -> [Effect] {
        guard !waiting.isEmpty else { return [] }
        let draft = waiting.removeFirst()
        current = draft
        return [.outbox(.storeChange(draft, thenSync: allowsSync && waiting.isEmpty))]
    }

    /// Every operation is stored.
    var isDone: Bool { waiting.isEmpty }

    /// `effect` is the last store's: its end is the end of the sync it asked for.
    func isLastStore(_ effect: Effect) -> Bool {
        if case let .outbox(.storeChange(draft, _)) = effect { return isDone && draft == current }
        return false
    }
}
