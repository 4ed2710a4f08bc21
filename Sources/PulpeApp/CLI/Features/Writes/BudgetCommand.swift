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
        commandName: "budget", abstract: "Open a month's budget, or several ahead, from a template.",
        subcommands: [Create.self, Plan.self])

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

    /// `pulpe budget plan --from YYYY-MM --months N [--template NAME]`: several months at once
    /// (`POST /budgets/generate`), safe to resend: the server skips the months that exist.
    struct Plan: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "plan",
            abstract: "Plan N months ahead from a month, each from a template (default: the default template).",
            discussion: """
            Months that already have their budget are skipped by the server. The templates are the \
            server's (offline: the last ones read). Exit status: 0 sent, 75 stored and queued or the \
            server away, 65 unknown template or a count outside 1–36, 77 not signed in or locked.
            """)

        @Option(help: "The first month, YYYY-MM.") var from: String
        @Option(help: "How many months, 1 to 36.") var months: Int = 3
        @Option(help: "The template's name (default: the default template).") var template: String?
        @OptionGroup var options: ChangeOptions

        func validate() throws {
            guard MonthCommand.parse(from) != nil else {
                throw ValidationError("« \(from) » n'est pas un mois (AAAA-MM) — expected YYYY-MM")
            }
            guard (1...36).contains(months) else { throw ValidationError("--months: de 1 à 36 — 1 to 36") }
        }

        func run() async throws {
            guard let start = MonthCommand.parse(from) else { return }
            try await ChangeVerb.run(options, .planMonths(count: months, template: template), month: start)
        }
    }
}
