import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeUI

/// `pulpe month [YYYY-MM]`: the month panel's data as an aligned table or JSON — the same model
/// (`MonthPanelModel`, with the outbox merged by `PendingOverlay`) and formulas as the TUI.
struct MonthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "month",
        abstract: "The month panel as a table: what is left, the budget lines, the transactions.",
        discussion: """
        MONTH is a budget month, YYYY-MM (default: the current pay-day period). Served from the \
        cache when younger than --max-age, else asked of the server for at most --timeout seconds \
        (on timeout: the cached month and its age). --json: amounts as exact decimal strings. \
        --recap: « Bilan du mois » of MONTH (default: the period just closed) — income, expenses, \
        savings, the month's result, what it carries into the next, the prévisions that ran over.
        Exit status: 0, 77 not signed in or locked, 75 nothing cached and the server did not answer, \
        64 usage.
        """)

    @Argument(help: "The budget month, YYYY-MM (default: the current period).")
    var month: String?

    @Flag(help: "« Bilan du mois »: the month's result and what it carries over (default month: the one just closed).")
    var recap = false

    @OptionGroup var reading: ReadFlags

    @OptionGroup var server: ServerFlags

    func validate() throws {
        if let month, Self.parse(month) == nil {
            throw ValidationError("« \(month) » n'est pas un mois (AAAA-MM) — expected YYYY-MM")
        }
    }

    static func parse(_ text: String) -> BudgetMonth? {
        let parts = text.split(separator: "-")
        guard parts.count == 2, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]),
              (1...12).contains(month) else { return nil }
        return BudgetMonth(year: year, month: month)
    }

    func run() async throws {
        let app = try await ShellServices.start(server, outbox: .readOnly)
        // The JSON names each item's tags: the account's, as the replica keeps them.
        var tags: [Tag] = []
        if reading.json, case let .listed(kept)? = await HeadlessDriver.run(TagsFlow(), services: app.services) { tags = kept }
        let outcome = await ShellServices.read(.month(month.flatMap(Self.parse)), maxAge: reading.maxAge, timeout: reading.timeout, app: app)
        var (shown, _) = ShellServices.month(outcome)
        if recap, month == nil {
            // The period just closed: the one before the current period.
            let closed = await ShellServices.read(.month(shown.month.advanced(by: -1)), maxAge: reading.maxAge, timeout: reading.timeout,
                                                  app: app)
            (shown, _) = ShellServices.month(closed)
        }
        if recap {
            ShellServices.say(reading.json ? MonthRecapReport.json(shown) : MonthRecapReport.table(shown).joined(separator: "\n"))
            return
        }
        ShellServices.say(reading.json ? MonthReport.json(shown, tags: tags) : MonthReport.table(shown, now: SystemTime.now()).joined(separator: "\n"))
    }
}
