import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// `pulpe budget create YYYY-MM [--template NAME]`: opens a month from a template (its prévisions
/// copied), through the same outbox as every write. A month that has its budget is « already
/// there » (exit 0), on the server's answer 409 as before sending.
struct BudgetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "budget", abstract: "Open a month's budget from a template.", subcommands: [Create.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create the budget of MONTH from a template (default: the default template).",
            discussion: """
            The templates are the server's: the gate must be open (offline or in maintenance, nothing \
            is stored and the exit status is 75). Exit status: 0 created or already there, 75 stored \
            and queued or the server away, 65 unknown template, 77 not signed in or locked.
            """)

        @Argument(help: "The budget month, YYYY-MM.") var month: String
        @Option(help: "The template's name (default: the default template).") var template: String?
        @OptionGroup var options: ChangeOptions

        func validate() throws {
            guard MonthCommand.parse(month) != nil else {
                throw ValidationError("« \(month) » n'est pas un mois (AAAA-MM) — expected YYYY-MM")
            }
        }

        func run() async throws {
            guard let target = MonthCommand.parse(month) else { return }
            // The server's templates, or offline the last ones seen (the cache's).
            try await ChangeVerb.run(options, .createMonth(template: template), month: target)
        }
    }
}
