import PulpeDomain

/// The tags screen's state: the highlighted tag, and what is being done to it — a name typed
/// (a new tag, or a rename), or a deletion asked about.
public struct TagsScreen: Hashable, Sendable {
    public enum Mode: Hashable, Sendable {
        case list
        case adding
        case renaming(Tag)
        /// « Supprimer #… ? »: what carries it in the shown month (names), asked before storing.
        case confirmingDelete(Tag, carriers: [String])
    }

    public var selected = 0
    public var mode = Mode.list
    /// The name being typed (`adding`, `renaming`).
    public var name = TextField(maxLength: 60)
    /// Why the last name typed was refused (cleared by typing).
    public var problem: TagRules.Problem?

    public init() {}

    public var isTyping: Bool {
        switch mode {
        case .adding, .renaming: true
        case .list, .confirmingDelete: false
        }
    }
}
