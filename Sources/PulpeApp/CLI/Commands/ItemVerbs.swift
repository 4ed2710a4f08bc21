import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// The shell's verbs on one item (issue 44), as rows: each names its verb, its help and the
/// intent it means; all run the same way (`ChangeVerb`: resolved by the TUI's resolver, stored,
/// sent). A verb of an `ItemWrite` says only which write — its intent follows. `ItemVerbsTests`
/// parses every row; a new verb is a struct here and its place in `topLevel` or `line`.
enum ItemVerbs {
    /// `pulpe VERB TARGET` (after `add`, in `pulpe --help`'s order).
    static let topLevel: [any ItemVerb.Type] = [CheckCommand.self, UncheckCommand.self, RemoveCommand.self, PostponeCommand.self]
    /// `pulpe line VERB NAME` (after `add` and `edit`).
    static let line: [any ItemVerb.Type] = [RemoveLineCommand.self, ResetLineCommand.self, FitLineCommand.self, CheckLineCommand.self,
                                            UncheckLineCommand.self]
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

/// The verb of an `ItemWrite` (its rows and refusals are the write's).
protocol ItemWriteVerb: ItemVerb {
    static var write: ItemWrite { get }
}

extension ItemWriteVerb {
    var intent: WriteIntent { .item(Self.write, target: target) }
}

// MARK: - Transactions (and `postpone`, which takes a one-off prévision too)

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

/// `pulpe postpone TARGET`: a free, unchecked transaction or a one-off prévision moved to next
/// month's budget (§15.3). Not idempotent on the server: stored as « move it from this month »,
/// and read again before each send, so a lost answer never moves it twice.
struct PostponeCommand: ItemWriteVerb {
    static let write = ItemWrite.postpone
    static let configuration = CommandConfiguration(
        commandName: "postpone", abstract: "Move a transaction or a one-off prévision to next month.",
        discussion: ChangeHelp.target + " Next month's budget must exist (pulpe budget create YYYY-MM).")
    @Argument(help: "A transaction or prévision: id, unique id prefix (6+ characters), or exact name.") var target: String
    @OptionGroup var options: ChangeOptions
}

// MARK: - Prévisions (`pulpe line …`)

struct RemoveLineCommand: ItemVerb {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete a prévision (its transactions stay, free).",
                                                    discussion: LineCommand.discussion)
    @Argument(help: "The prévision.") var target: String
    @OptionGroup var options: ChangeOptions
    var intent: WriteIntent { .deleteLine(target: target) }
}

struct ResetLineCommand: ItemWriteVerb {
    static let write = ItemWrite.reset
    static let configuration = CommandConfiguration(commandName: "reset", abstract: "Reset a prévision to its template's amount.",
                                                    discussion: LineCommand.discussion)
    @Argument(help: "The prévision.") var target: String
    @OptionGroup var options: ChangeOptions
}

/// `pulpe line fit NAME`: the prévision's amount set to what its transactions add up to.
struct FitLineCommand: ItemWriteVerb {
    static let write = ItemWrite.fit
    static let configuration = CommandConfiguration(
        commandName: "fit", abstract: "Set a prévision's amount to what its transactions add up to.",
        discussion: LineCommand.discussion + "\nRefused (65) for a prévision without transactions.")
    @Argument(help: "The prévision.") var target: String
    @OptionGroup var options: ChangeOptions
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
