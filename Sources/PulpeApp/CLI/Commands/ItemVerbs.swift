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

/// A verb whose argument is one item (and the change options every write takes).
protocol ItemVerb: AsyncParsableCommand {
    var target: String { get }
    var options: ChangeOptions { get }
    /// What it means, as the TUI's keys would say it.
    var intent: WriteIntent { get }
}

extension ItemVerb {
    func run() async throws { try await ChangeVerb.run(options, intent) }
}

/// `pulpe postpone TARGET`, `pulpe line reset|fit NAME`, …: an `ItemWrite`'s verb, named and
/// helped by the write's words. (Postpone is not idempotent on the server: stored as « move it
/// from this month » and read again before each send, so a lost answer never moves it twice.)
struct ItemWriteCommand<Kind: ItemWriteKind>: ItemVerb {
    static var configuration: CommandConfiguration {
        let verb = Kind.write.verb
        let common = verb.underLine ? LineCommand.discussion : ChangeHelp.target
        return CommandConfiguration(commandName: verb.name, abstract: verb.abstract,
                                    discussion: verb.discussion.isEmpty ? common : common + "\n" + verb.discussion)
    }

    @Argument(help: ArgumentHelp(Kind.write.verb.argument)) var target: String
    @OptionGroup var options: ChangeOptions
    var intent: WriteIntent { .item(Kind.write, target: target) }
}

// MARK: - Transactions

/// `pulpe check TARGET` / `pulpe uncheck TARGET`: « pointer » a transaction, or not. Stored as the
/// intended state: the sync reads the transaction first and toggles only when it differs, so a
/// replay never undoes it.
struct CheckCommand: ItemVerb {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Check off (« pointer ») a transaction of the month.", discussion: ChangeHelp.target)
    @Argument(help: "A transaction id, a unique id prefix (6+ characters), or its exact name.") var target: String
    @OptionGroup var options: ChangeOptions
    var intent: WriteIntent { .checkTransaction(target: target, checked: true) }
}

struct UncheckCommand: ItemVerb {
    static let configuration = CommandConfiguration(
        commandName: "uncheck", abstract: "Uncheck (« dépointer ») a transaction of the month.", discussion: ChangeHelp.target)
    @Argument(help: "A transaction id, a unique id prefix (6+ characters), or its exact name.") var target: String
    @OptionGroup var options: ChangeOptions
    var intent: WriteIntent { .checkTransaction(target: target, checked: false) }
}

/// `pulpe rm TARGET`: delete a transaction (an expense still waiting to be sent is simply dropped).
struct RemoveCommand: ItemVerb {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Delete a transaction of the month.", discussion: ChangeHelp.target)
    @Argument(help: "A transaction id, a unique id prefix (6+ characters), or its exact name.") var target: String
    @OptionGroup var options: ChangeOptions
    var intent: WriteIntent { .deleteTransaction(target: target) }
}

// MARK: - Prévisions (`pulpe line …`)

struct RemoveLineCommand: ItemVerb {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete a prévision (its transactions stay, free).",
                                                    discussion: LineCommand.discussion)
    @Argument(help: "The prévision.") var target: String
    @OptionGroup var options: ChangeOptions
    var intent: WriteIntent { .deleteLine(target: target) }
}

struct CheckLineCommand: ItemVerb {
    static let configuration = CommandConfiguration(commandName: "check",
                                                    abstract: "Check off a prévision (with --with-transactions, its transactions too).",
                                                    discussion: LineCommand.discussion)
    @Argument(help: "The prévision.") var target: String
    @Flag(name: .customLong("with-transactions"), help: "Check its transactions too.") var withTransactions = false
    @OptionGroup var options: ChangeOptions
    var intent: WriteIntent { .checkLine(target: target, checked: true, withTransactions: withTransactions) }
}

struct UncheckLineCommand: ItemVerb {
    static let configuration = CommandConfiguration(commandName: "uncheck", abstract: "Uncheck a prévision.", discussion: LineCommand.discussion)
    @Argument(help: "The prévision.") var target: String
    @OptionGroup var options: ChangeOptions
    var intent: WriteIntent { .checkLine(target: target, checked: false, withTransactions: false) }
}
