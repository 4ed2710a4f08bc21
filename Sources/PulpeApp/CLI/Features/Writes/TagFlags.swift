import ArgumentParser
import PulpeCore

/// `--tag NAME` and `--untag NAME` (each repeatable) on the edit verbs: tags added to and taken
/// from the item's set, by name (case aside, accents kept); a name the account lacks is created.
struct TagFlags: ParsableArguments {
    @Option(name: .customLong("tag"), help: "Add this tag (repeatable); a new name creates the tag.")
    var added: [String] = []
    @Option(name: .customLong("untag"), help: "Take this tag off (repeatable).")
    var removed: [String] = []

    /// Nil when neither was given.
    var edit: TagEdit? { added.isEmpty && removed.isEmpty ? nil : .adjust(add: added, remove: removed) }
}
