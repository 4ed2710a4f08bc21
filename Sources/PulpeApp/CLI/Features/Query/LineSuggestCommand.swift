import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// `pulpe line suggest [PRÉVISION] [--months N] [--use mean|median|last]` (issue 61): each
/// prévision's amount proposed from what was allocated to it over the last months; `--use` stores
/// one as an ordinary prévision edit, through the outbox (`pulpe line edit --amount`).
struct LineSuggestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest", abstract: "Propose a prévision's amount from its last months; --use stores one.",
        discussion: """
        For each prévision of the month (--month, default the current pay-day period), what was allocated to a \
        prévision of the same name and kind over the N budget months before it (6 by default; the months without \
        one are not counted): the mean, the median and the last, to the cent, read from this machine. With a \
        PRÉVISION and --use, that amount becomes its plan, as `pulpe line edit --amount` would store it (the \
        same exits: 0 sent, 75 stored and queued, 64 an unknown or ambiguous prévision, 65 refused).
        """)

    @Argument(help: "One prévision (by name); all of the month without.") var target: String?
    @Option(help: "How many months before this one (1–36).") var months: Int = 6
    @Option(help: "mean, median or last: store that amount as the prévision's plan.") var use: String?
    @OptionGroup var options: ChangeOptions

    func validate() throws {
        guard (1...36).contains(months) else { throw ValidationError("--months: 1 to 36") }
        if let use {
            guard LineSuggestion.Basis(rawValue: use) != nil else { throw ValidationError("--use: mean, median or last") }
            guard target != nil else { throw ValidationError("--use needs a prévision — which one?") }
        }
    }

    func run() async throws {
        let today = WallClock.system.today
        let app = try await ShellServices.start(options.server, outbox: .readOnly)
        let outcome = await HeadlessDriver.run(AccountSnapshotFlow(today: today), services: app.services)
        await app.stop()
        guard case let .read(account)? = outcome else { ShellServices.fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission) }
        let month = options.month.flatMap(MonthCommand.parse) ?? account.currentMonth
        guard let details = account.months.first(where: { BudgetMonth(year: $0.budget.year, month: $0.budget.month) == month }) else {
            ShellServices.fail("Pas de budget pour \(FrenchMonths.ofTitle(month)) — no budget for \(month) here (pulpe sync?)",
                               status: ExitStatus.dataError)
        }
        var suggestions = LineSuggestion.suggestions(for: details, in: account.months, months: months)
        if let target {
            let folded = SearchFolding.foldedNeedle(target)
            var scratch: [UInt8] = []
            suggestions = suggestions.filter { SearchFolding.text($0.name, contains: folded, scratch: &scratch) }
        }
        if let basis = use.flatMap(LineSuggestion.Basis.init(rawValue:)), let target {
            guard suggestions.count == 1, let chosen = suggestions.first else {
                ShellServices.fail("« \(target) » : \(suggestions.count) prévisions — name one (\(suggestions.map(\.name).joined(separator: ", ")))",
                                   status: ExitStatus.usage)
            }
            guard let amount = chosen.amount(basis) else {
                ShellServices.fail("Pas d'historique pour « \(chosen.name) » — no month before this one had it", status: ExitStatus.dataError)
            }
            // The ordinary edit, through the outbox (decision 54): the same flow as `pulpe line edit --amount`.
            try await ChangeVerb.run(options, .editLine(target: chosen.name, LineEdit(amount: amount), tags: nil, goal: nil), month: month)
            return
        }
        ShellServices.say(Self.table(suggestions, currency: account.currency).joined(separator: "\n"))
    }

    static func table(_ suggestions: [LineSuggestion], currency: Currency) -> [String] {
        guard !suggestions.isEmpty else { return ["Aucune prévision"] }
        var table = TextTable([.left, .right, .right, .right, .right, .right])
        table.add(["", "Prévu", "Moyenne", "Médiane", "Dernier", "Mois"])
        for suggestion in suggestions {
            func money(_ basis: LineSuggestion.Basis) -> String {
                suggestion.amount(basis).map { MoneyFormatter.number($0, currency: currency) } ?? "—"
            }
            table.add([ShellText.cell(suggestion.name), MoneyFormatter.number(suggestion.current, currency: currency), money(.mean),
                       money(.median), money(.last), "\(suggestion.history.count)"])
        }
        return table.lines
    }
}
