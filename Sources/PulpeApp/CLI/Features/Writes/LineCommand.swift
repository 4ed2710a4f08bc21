import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// `pulpe line add|edit|rm|reset|fit|check|uncheck`: the month's prévisions (budget lines), through
/// the same outbox as every write.
struct LineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "line", abstract: "Add, adjust, delete, reset, fit or check a prévision (budget line) of the month.",
        subcommands: [Add.self, Edit.self, LineSuggestCommand.self] + ItemVerbs.line.map { $0 as ParsableCommand.Type })

    static let discussion = """
        NAME is the prévision's exact name in the month (or its id, or a unique id prefix of 6+ \
        characters); --month YYYY-MM picks the month (default: the current pay-day period).
        Exit status: 0 done, 75 stored and queued, 65 invalid input or refused by the server, \
        64 unknown or ambiguous name, 77 not signed in or locked.
        """

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a one-off prévision to the month.",
                                                        discussion: LineCommand.discussion)
        @Argument(help: "Its name.") var name: String
        @Argument(help: "The amount planned.") var amount: String
        @Option(help: "depense (default), revenu or epargne.") var kind: KindOption = .depense
        @Option(help: "ponctuelle (default: this month only) or fixe (it comes back from the template).")
        var recurrence: RecurrenceOption = .ponctuelle
        @Option(name: .customLong("tag"), help: "A tag (repeatable); a new name creates the tag.") var tags: [String] = []
        @Option(help: "A saving prévision's savings goal, by name.") var goal: String?
        @Option(help: "Spread it over N months from this one (1 to 36): one one-off prévision each month.") var spread: Int?
        @Flag(help: "With --spread: AMOUNT is the total, split to the cent (default: AMOUNT each month).") var total = false
        @OptionGroup var options: ChangeOptions

        func validate() throws {
            if spread == nil, total { throw ValidationError("--total goes with --spread N") }
            if spread != nil, !tags.isEmpty || goal != nil || recurrence == .fixe {
                throw ValidationError("--spread makes one-off prévisions without tags or goal: leave out --tag, --goal and --recurrence fixe")
            }
        }

        func run() async throws {
            if let spread {
                // One spread, its group id drawn once: a resend after a lost answer makes nothing twice.
                return try await ChangeVerb.run(options, .spreadNew(groupId: UUID().uuidString.lowercased(), name: ChangeVerb.name(name) ?? "",
                                                                    amount: ChangeVerb.amount(amount) ?? 0, kind: kind.transactionKind,
                                                                    perMonth: !total, count: spread))
            }
            try await ChangeVerb.run(options, .addLine(id: UUID().uuidString.lowercased(), name: ChangeVerb.name(name) ?? "",
                                                       amount: ChangeVerb.amount(amount) ?? 0, kind: kind.transactionKind,
                                                       recurrence: recurrence.recurrence, tags: tags, goal: goal))
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Adjust a prévision: amount, name, kind, recurrence, tags, savings goal.",
            discussion: LineCommand.discussion + " A kind change is refused while the prévision has transactions (65).")
        @Argument(help: "The prévision.") var target: String
        @Option(help: "The new amount planned.") var amount: String?
        @Option(help: "The new name.") var name: String?
        @Option(help: "depense, revenu or epargne.") var kind: KindOption?
        @Option(help: "ponctuelle or fixe.") var recurrence: RecurrenceOption?
        @OptionGroup var tags: TagFlags
        @Option(help: "Link a saving prévision to this savings goal (by name).") var goal: String?
        @Flag(help: "Take the savings-goal link off.") var noGoal = false
        @OptionGroup var options: ChangeOptions

        func validate() throws {
            if amount == nil, name == nil, kind == nil, recurrence == nil, tags.edit == nil, goal == nil, !noGoal {
                throw ValidationError("Rien à modifier — give --amount, --name, --kind, --recurrence, --tag, --untag, --goal or --no-goal")
            }
            if goal != nil, noGoal { throw ValidationError("--goal ou --no-goal, pas les deux") }
        }

        func run() async throws {
            let edit = LineEdit(name: ChangeVerb.name(name), amount: ChangeVerb.amount(amount), kind: kind?.transactionKind,
                                recurrence: recurrence?.recurrence)
            let choice: GoalChoice? = noGoal ? GoalChoice.none : goal.map(GoalChoice.named)
            try await ChangeVerb.run(options, .editLine(target: target, edit, tags: tags.edit, goal: choice))
        }
    }
}
