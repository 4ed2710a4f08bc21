import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// `pulpe check TARGET` / `pulpe uncheck TARGET`: « pointer » a transaction, or not. Stored as the
/// intended state: the sync reads the transaction first and toggles only when it differs, so a
/// replay never undoes it.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Check off (« pointer ») a transaction of the month.",
        discussion: ChangeHelp.target)

    @Argument(help: "A transaction id, a unique id prefix (6+ characters), or its exact name.")
    var target: String
    @OptionGroup var options: ChangeOptions

    func run() async throws { try await ChangeVerb.run(options, .checkTransaction(target: target, checked: true)) }
}

struct UncheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uncheck", abstract: "Uncheck (« dépointer ») a transaction of the month.",
        discussion: ChangeHelp.target)

    @Argument(help: "A transaction id, a unique id prefix (6+ characters), or its exact name.")
    var target: String
    @OptionGroup var options: ChangeOptions

    func run() async throws { try await ChangeVerb.run(options, .checkTransaction(target: target, checked: false)) }
}

/// `pulpe edit TARGET [--amount A] [--name N] [--date YYYY-MM-DD] [--kind K]`.
struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Fix a transaction's amount, name, date or kind.", discussion: ChangeHelp.target)

    @Argument(help: "A transaction id, a unique id prefix (6+ characters), or its exact name.")
    var target: String
    @Option(help: "The new amount (12.50, 12,50, 12.-, 12+8.50).")
    var amount: String?
    @Option(help: "The new description.")
    var name: String?
    @Option(help: "The new day, YYYY-MM-DD.")
    var date: String?
    @Option(help: "depense, revenu or epargne.")
    var kind: KindOption?
    @OptionGroup var options: ChangeOptions

    func validate() throws {
        if amount == nil, name == nil, date == nil, kind == nil {
            throw ValidationError("Rien à modifier — give --amount, --name, --date or --kind")
        }
    }

    func run() async throws {
        let edit = TransactionEdit(name: ChangeVerb.name(name), amount: ChangeVerb.amount(amount), kind: kind?.transactionKind,
                                   day: ChangeVerb.day(date))
        try await ChangeVerb.run(options, .editTransaction(target: target, edit))
    }
}

/// `pulpe rm TARGET`: delete a transaction (an expense still waiting to be sent is simply dropped).
struct RemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Delete a transaction of the month.", discussion: ChangeHelp.target)

    @Argument(help: "A transaction id, a unique id prefix (6+ characters), or its exact name.")
    var target: String
    @OptionGroup var options: ChangeOptions

    func run() async throws { try await ChangeVerb.run(options, .deleteTransaction(target: target)) }
}

/// `pulpe postpone TARGET`: a free, unchecked transaction or a one-off prévision moved to next
/// month's budget (§15.3). Not idempotent on the server: stored as « move it from this month »,
/// and read again before each send, so a lost answer never moves it twice.
struct PostponeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "postpone", abstract: "Move a transaction or a one-off prévision to next month.",
        discussion: ChangeHelp.target + " Next month's budget must exist (pulpe budget create YYYY-MM).")

    @Argument(help: "A transaction or prévision: id, unique id prefix (6+ characters), or exact name.")
    var target: String
    @OptionGroup var options: ChangeOptions

    func run() async throws { try await ChangeVerb.run(options, .postpone(target: target)) }
}

enum ChangeHelp {
    static let target = """
        TARGET is a transaction id, a unique id prefix of at least 6 characters, or an exact name in \
        the month (--month YYYY-MM, default the current pay-day period). The change is stored at once \
        and sent when the server answers; offline or in maintenance it waits in the outbox.
        Exit status: 0 done, 75 stored and queued, 65 invalid input or refused by the server, \
        64 unknown or ambiguous target (the candidates are listed), 77 not signed in or locked.
        """
}
