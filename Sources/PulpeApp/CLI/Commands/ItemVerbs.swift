import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// The shell's verbs on one item (issue 44): each is a row — its name, its help, the `ItemWrite`
/// it means — run the same way (`ChangeVerb`); `ItemVerbsTests` parses every row of `all`, so a
/// new verb is a struct here and its place in `topLevel` or `line`.
enum ItemVerbs {
    /// `pulpe VERB TARGET`.
    static let topLevel: [any ItemVerb.Type] = [PostponeCommand.self]
    /// `pulpe line VERB NAME`.
    static let line: [any ItemVerb.Type] = [ResetLineCommand.self, FitLineCommand.self]
    static var all: [any ItemVerb.Type] { topLevel + line }
}

/// A verb whose only argument is the item (and the change options every write takes).
protocol ItemVerb: AsyncParsableCommand {
    static var write: ItemWrite { get }
    var target: String { get }
    var options: ChangeOptions { get }
}

extension ItemVerb {
    var intent: WriteIntent { .item(Self.write, target: target) }

    func run() async throws { try await ChangeVerb.run(options, intent) }
}

/// `pulpe postpone TARGET`: a free, unchecked transaction or a one-off prévision moved to next
/// month's budget (§15.3). Not idempotent on the server: stored as « move it from this month »,
/// and read again before each send, so a lost answer never moves it twice.
struct PostponeCommand: ItemVerb {
    static let write = ItemWrite.postpone
    static let configuration = CommandConfiguration(
        commandName: "postpone", abstract: "Move a transaction or a one-off prévision to next month.",
        discussion: ChangeHelp.target + " Next month's budget must exist (pulpe budget create YYYY-MM).")

    @Argument(help: "A transaction or prévision: id, unique id prefix (6+ characters), or exact name.")
    var target: String
    @OptionGroup var options: ChangeOptions
}

/// `pulpe line reset NAME`: back to its template's amount.
struct ResetLineCommand: ItemVerb {
    static let write = ItemWrite.reset
    static let configuration = CommandConfiguration(commandName: "reset", abstract: "Reset a prévision to its template's amount.",
                                                    discussion: LineCommand.discussion)
    @Argument(help: "The prévision.") var target: String
    @OptionGroup var options: ChangeOptions
}

/// `pulpe line fit NAME`: the prévision's amount set to what its transactions add up to.
struct FitLineCommand: ItemVerb {
    static let write = ItemWrite.fit
    static let configuration = CommandConfiguration(
        commandName: "fit", abstract: "Set a prévision's amount to what its transactions add up to.",
        discussion: LineCommand.discussion + "\nRefused (65) for a prévision without transactions; u in the TUI takes it back.")
    @Argument(help: "The prévision.") var target: String
    @OptionGroup var options: ChangeOptions
}
