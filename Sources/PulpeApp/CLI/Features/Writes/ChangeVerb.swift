import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeUI

enum ChangeVerb {
    /// Starts the services, resolves the verb's intent against the month as shown (the TUI's
    /// resolver), stores and sends it, prints what happened and exits with its status.
    static func run(_ options: ChangeOptions, _ intent: WriteIntent, month: BudgetMonth? = nil) async throws {
        let app = try await ShellServices.start(options.server)
        // The verb on the core's commands, events and gate, run headless (decision 54).
        let flow = ChangeFlow(month: month ?? options.month.flatMap(MonthCommand.parse), today: WallClock.system.today,
                              intent: intent, timeZone: .system, readTimeout: .seconds(5),
                              sendTimeout: .seconds(max(0, options.wait)))
        let ended = await HeadlessDriver.run(EndedFlow(flow), services: app.services)
        await app.stop()
        guard let ended else {
            ShellServices.fail("the change ended without an outcome (a bug: see the log)", status: ExitStatus.software)
        }
        // A plan: the months of its range already there, which the server skips.
        let skipped = ended.flow.skippedMonths.map { FrenchMonths.title($0) }
        if !skipped.isEmpty {
            ShellServices.warn("\(skipped.joined(separator: ", ")) : déjà là, gardé tel quel (already has a budget: skipped)")
        }
        try report(ended.outcome)
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
            ShellServices.fail("Refusée : \(words(draft)) — \(reason.text) (kept; see pulpe pending)", status: ExitStatus.dataError)
        case let .problem(refusal):
            refused(refusal)
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

    /// A refusal in the shell's words, with its exit status (nothing was stored; « already so »
    /// is said and exits 0).
    static func refused(_ refusal: WriteRefusal) {
        switch refusal {
        case let .ambiguous(_, candidates):
            fail("Plusieurs correspondent — ambiguous target, give an id prefix:", candidates)
        case let .unknown(_, candidates):
            fail("Introuvable — unknown target" + (candidates.isEmpty ? "" : "; candidates:"), candidates)
        case let .noBudget(month):
            ShellServices.fail("Pas de budget pour \(FrenchMonths.title(month)) — nothing stored", status: ExitStatus.dataError)
        case let .nothingToChange(name):
            ShellServices.say("Rien à modifier : \(name) est déjà ainsi")
        case let .monthExists(month):
            ShellServices.say("Le budget \(FrenchMonths.ofTitle(month)) existe déjà")
        case let .monthsOutOfRange(count):
            ShellServices.fail("\(count) mois : de 1 à 36 à la fois — invalid input, nothing stored", status: ExitStatus.dataError)
        case .templatesUnknown:
            ShellServices.fail("Modèles inconnus : le serveur ne répond pas (the templates are the server's) — nothing stored",
                               status: ExitStatus.unavailable)
        case let .unknownTemplate(_, available):
            ShellServices.fail("Modèle introuvable — unknown template; templates: \(available.joined(separator: ", "))"
                               + " — invalid input, nothing stored", status: ExitStatus.dataError)
        case let .kindChangeWithTransactions(name, count):
            ShellServices.fail("\(name) garde son type : \(count) transaction(s) en dépendent — a kind change is refused while the "
                               + "prévision has transactions, nothing stored", status: ExitStatus.dataError)
        case let .itemStays(write, name, obstacle):
            ShellServices.fail("\(write.stays(name, obstacle)) — \(write.refusedInEnglish), nothing stored", status: ExitStatus.dataError)
        case .upToDate:
            ShellServices.say("À jour : tes comptes correspondent à Pulpe")
        case let .tagName(problem):
            let why = problem == .nameHasControl ? " (\(ShellCopy.controlInName))" : ""
            ShellServices.fail("\(problem.text) — invalid tag\(why), nothing stored", status: ExitStatus.dataError)
        case let .unknownTag(name, available):
            ShellServices.fail("Tag introuvable : « \(name) » — unknown tag" + (available.isEmpty ? "" : "; tags: "
                + available.map { "#" + $0 }.joined(separator: " ")), status: ExitStatus.usage)
        case let .unknownGoal(name, available):
            ShellServices.fail("Objectif d’épargne introuvable : « \(name) » — unknown savings goal" + (available.isEmpty ? "" : "; goals: "
                + available.joined(separator: ", ")), status: ExitStatus.usage)
        case let .goalOnNonSaving(name):
            ShellServices.fail("\(name) n’est pas une épargne — a savings goal links a saving prévision only, nothing stored",
                               status: ExitStatus.dataError)
        case let .tagExists(name):
            ShellServices.fail("Le tag « \(name) » existe déjà — another tag has this name, nothing stored", status: ExitStatus.dataError)
        case .notAWithdrawal:
            ShellServices.fail("\(refusal.text) — not a savings withdrawal, nothing stored", status: ExitStatus.dataError)
        case .cannotSpread:
            ShellServices.fail("\(refusal.text) — cannot be spread, nothing stored", status: ExitStatus.dataError)
        case .templateName, .templateExists, .templateLimit, .templateLine:
            let english = switch refusal {
            case .templateName: "a template's name is 1 to 100 characters"
            case .templateExists: "another template has this name"
            case .templateLimit: "an account has at most 5 templates (ERR_TEMPLATE_LIMIT_EXCEEDED)"
            default: "a template line needs a name of 1 to 100 characters and an amount above 0"
            }
            ShellServices.fail("\(refusal.text) — \(english), nothing stored", status: ExitStatus.dataError)
        case let .asksAboutTransactions(_, name, count):
            ShellServices.fail("\(name) a \(count) transactions à pointer — give --with-transactions or not (a bug: the shell always answers)",
                               status: ExitStatus.software)
        }
    }

    /// The candidates as a table on stderr (name, date, amount, id prefix), then exit 64.
    private static func fail(_ headline: String, _ candidates: [WriteCandidate]) -> Never {
        var table = TextTable([.left, .left, .right, .left])
        for candidate in candidates {
            table.add(["  " + candidate.name, candidate.day.map { DateFormatting.compactDate($0) } ?? "",
                       MoneyFormatter.signed(candidate.amount, kind: candidate.kind, currency: .chf),
                       String(candidate.id.prefix(8))])
        }
        ShellServices.fail(([headline] + table.lines).joined(separator: "\n"), status: ExitStatus.usage)
    }

    /// An argument the verb cannot read: said before anything starts (nothing stored, exit 65).
    static func invalid(_ message: String) -> Never {
        ShellServices.fail("\(message) — invalid input, nothing stored", status: ExitStatus.dataError)
    }

    /// An amount as the quick-add reads it (12.50, 12,50, 12.-, sums), or the form's words.
    static func amount(_ text: String?) -> Decimal? {
        guard let text else { return nil }
        switch ExpenseRules.amount(text) {
        case let .success(value): return value
        case let .failure(problem): invalid("\(problem.text()) (« \(text) »)")
        }
    }

    static func name(_ text: String?) -> String? {
        guard let text else { return nil }
        switch ExpenseRules.name(text) {
        case let .success(value): return value
        case .failure(.nameHasControl): invalid("\(ExpenseProblem.nameHasControl.text()) (« \(text) ») — \(ShellCopy.controlInName)")
        case let .failure(problem): invalid(problem.text())
        }
    }

    /// A day as `--date` gives it (stored at noon local time, so it reads the same wherever it is shown).
    static func day(_ text: String?) -> CalendarDay? {
        guard let text else { return nil }
        guard let day = CalendarDay(iso: text) else { invalid("« \(text) » n'est pas une date (AAAA-MM-JJ)") }
        return day
    }
}
