import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeUI

/// What every write verb (`check`, `uncheck`, `edit`, `rm`, `line …`) shares: the month it looks
/// in, how long it waits, and how an outcome becomes words and an exit status (0 done, 75 stored
/// and queued, 65 invalid or refused, 64 an unknown or ambiguous target, 77 locked or signed out).
struct ChangeOptions: ParsableArguments {
    @Option(help: "The budget month to look in, YYYY-MM (default: the current pay-day period).")
    var month: String?

    @Option(help: "Seconds to try sending before leaving the change queued (it is stored either way).")
    var wait: Int = 8

    @OptionGroup var server: ServerFlags

    func validate() throws {
        if let month, MonthCommand.parse(month) == nil {
            throw ValidationError("« \(month) » n'est pas un mois (AAAA-MM) — expected YYYY-MM")
        }
    }
}

enum ChangeVerb {
    /// Starts the services, runs the verb, prints what happened and exits with its status.
    static func run(_ options: ChangeOptions,
                    make: @escaping @Sendable (ShownMonth) -> Result<ChangeDraft, ChangeFlow.Problem>) async throws {
        try await run(options, month: options.month.flatMap(MonthCommand.parse)) { shown, _ in make(shown) }
    }

    /// As `run`, with the templates read (the server's, or behind the closed gate the cache's)
    /// when `wantsTemplates` (`pulpe budget create`).
    static func run(_ options: ChangeOptions, month: BudgetMonth?, wantsTemplates: Bool = false,
                    make: @escaping ChangeFlow.Make) async throws {
        let app = try await ShellServices.start(options.server)
        // The verb on the core's commands, events and gate, run headless (decision 54).
        let flow = ChangeFlow(month: month, today: WallClock.system.today, wantsTemplates: wantsTemplates,
                              readTimeout: .seconds(5), sendTimeout: .seconds(max(0, options.wait)), make: make)
        let outcome = await HeadlessDriver.run(flow, services: app.services)
        await app.stop()
        guard let outcome else {
            ShellServices.fail("the change ended without an outcome (a bug: see the log)", status: ExitStatus.software)
        }
        try report(outcome)
    }

    static func words(_ draft: ChangeDraft) -> String {
        PendingChange(id: "", operation: draft.operation, month: draft.month, label: draft.label,
                      previousAmount: draft.previousAmount, state: .pending).text()
    }

    static func report(_ outcome: ChangeFlow.Outcome) throws {
        switch outcome {
        case let .done(draft):
            ShellServices.say("Envoyée : \(words(draft))")
        case let .queued(draft, failure):
            try ShellServices.queued(words(draft), because: failure)
        case let .refused(draft, reason):
            ShellServices.fail("Refusée : \(words(draft)) — \(reason) (kept; see pulpe pending)", status: ExitStatus.dataError)
        case let .problem(problem):
            switch problem {
            case let .ambiguous(candidates):
                fail("Plusieurs correspondent — ambiguous target, give an id prefix:", candidates)
            case let .unknown(candidates):
                fail("Introuvable dans ce mois — unknown target" + (candidates.isEmpty ? "" : "; candidates:"), candidates)
            case let .invalid(message):
                ShellServices.fail("\(message) — invalid input, nothing stored", status: ExitStatus.dataError)
            case let .noBudget(month):
                ShellServices.fail("Pas de budget pour \(FrenchMonths.title(month)) — nothing stored", status: ExitStatus.dataError)
            case let .alreadyDone(message):
                ShellServices.say(message)
            case let .serverNeeded(message):
                ShellServices.fail("\(message) — nothing stored", status: ExitStatus.unavailable)
            }
        case .notSignedIn:
            ShellServices.fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission)
        case .locked:
            ShellServices.fail(ShellCopy.locked, status: ExitStatus.noPermission)
        case .keyChanged:
            ShellServices.fail(ShellCopy.keyChanged, status: ExitStatus.noPermission)
        case let .unavailable(failure):
            ShellServices.fail("Mois introuvable : serveur injoignable et rien en cache — nothing stored"
                               + (failure.map { " (\($0.text))" } ?? ""), status: ExitStatus.unavailable)
        case .notStored:
            ShellServices.fail("Modification non enregistrée — vérifie le disque (the outbox cannot be written) — nothing stored",
                               status: ExitStatus.ioError)
        }
    }

    /// The candidates as a table on stderr (name, date, amount, id prefix), then exit 64.
    private static func fail(_ headline: String, _ candidates: [ChangeFlow.Candidate]) -> Never {
        var table = TextTable([.left, .left, .right, .left])
        for candidate in candidates {
            table.add(["  " + candidate.name, candidate.day.map { DateFormatting.compactDate($0) } ?? "",
                       MoneyFormatter.signed(candidate.amount, kind: candidate.kind, currency: .chf),
                       String(candidate.id.prefix(8))])
        }
        ShellServices.fail(([headline] + table.lines).joined(separator: "\n"), status: ExitStatus.usage)
    }

    /// The month's details, or why there are none.
    static func details(_ shown: ShownMonth) -> Result<BudgetDetails, ChangeFlow.Problem> {
        guard case let .budget(details) = shown.content else { return .failure(.noBudget(shown.month)) }
        return .success(details)
    }

    /// The transaction `query` names in the shown month.
    static func transaction(_ query: String, in shown: ShownMonth) -> Result<(BudgetDetails, Transaction), ChangeFlow.Problem> {
        details(shown).flatMap { details in
            switch ShellTargets.transaction(query, in: details) {
            case let .found(transaction): .success((details, transaction))
            case let .ambiguous(all): .failure(.ambiguous(all.map { .init($0, timeZone: .system) }))
            case let .unknown(all): .failure(.unknown(all.map { .init($0, timeZone: .system) }))
            }
        }
    }

    /// The prévision `query` names in the shown month.
    static func budgetLine(_ query: String, in shown: ShownMonth) -> Result<(BudgetDetails, BudgetLine), ChangeFlow.Problem> {
        details(shown).flatMap { details in
            switch ShellTargets.budgetLine(query, in: details) {
            case let .found(line): .success((details, line))
            case let .ambiguous(all): .failure(.ambiguous(all.map(ChangeFlow.Candidate.init)))
            case let .unknown(all): .failure(.unknown(all.map(ChangeFlow.Candidate.init)))
            }
        }
    }

    /// An amount as the quick-add reads it (12.50, 12,50, 12.-, sums), or the form's words.
    static func amount(_ text: String?) -> Result<Decimal?, ChangeFlow.Problem> {
        guard let text else { return .success(nil) }
        switch ExpenseRules.amount(text) {
        case let .success(value): return .success(value)
        case let .failure(problem): return .failure(.invalid("\(problem.text()) (« \(text) »)"))
        }
    }

    static func name(_ text: String?) -> Result<String?, ChangeFlow.Problem> {
        guard let text else { return .success(nil) }
        switch ExpenseRules.name(text) {
        case let .success(value): return .success(value)
        case let .failure(problem): return .failure(.invalid(problem.text()))
        }
    }

    /// A day as `--date` gives it, at noon local time (the day reads the same wherever it is shown).
    static func date(_ text: String?) -> Result<Date?, ChangeFlow.Problem> {
        guard let text else { return .success(nil) }
        guard let day = CalendarDay(iso: text) else { return .failure(.invalid("« \(text) » n'est pas une date (AAAA-MM-JJ)")) }
        return .success(day.startDate(in: .system).addingTimeInterval(12 * 3600))
    }
}
