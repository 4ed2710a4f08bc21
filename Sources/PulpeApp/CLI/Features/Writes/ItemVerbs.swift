import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// The shell's verbs on one item (decision 93), as rows: each names its verb, its help and the
/// intent it means; all run the same way (`ChangeVerb`: resolved by the TUI's resolver, stored,
/// sent). Every `ItemWrite` is a verb without a line here: `ItemWriteCommand` makes it from the
/// write's own words (`ItemWriteText.verb`). `ItemVerbsTests` parses every row.
enum ItemVerbs {
    /// `pulpe VERB TARGET` (after `add`, in `pulpe --help`'s order).
    static var topLevel: [any ItemVerb.Type] {
        [CheckCommand.self, UncheckCommand.self, RemoveCommand.self] + ItemWrite.kinds.filter { !$0.write.verb.underLine }.map { command($0) }
    }

    /// `pulpe line VERB NAME` (after `add` and `edit`).
    static var line: [any ItemVerb.Type] {
        [RemoveLineCommand.self] + ItemWrite.kinds.filter { $0.write.verb.underLine }.map { command($0) }
            + [CheckLineCommand.self, UncheckLineCommand.self]
    }

    private static func command<Kind: ItemWriteKind>(_: Kind.Type) -> any ItemVerb.Type { ItemWriteCommand<Kind>.self }
}

extension ItemVerb {
    func run() async throws { try await ChangeVerb.run(options, intent) }
}
