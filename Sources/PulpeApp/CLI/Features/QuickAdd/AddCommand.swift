import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeUI

/// `pulpe add AMOUNT DESCRIPTION`: the quick-add from a shell or a key binding. Stored in the
/// outbox first, then one short try to send; the exit status says which (docs/product.md §5).
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an expense (stored at once, sent when the server answers).",
        discussion: """
        AMOUNT accepts 12.50, 12,50, 12.-, 1'234.50 and simple sums (12+8.50, 3*4.20).
        Use - as AMOUNT to read "AMOUNT DESCRIPTION" from the first line of standard input.
        --line NAME puts it on that prévision of its month (its exact name, or id prefix).
        --tag NAME (repeatable) tags it; a tag the account does not have is created first \
        (offline too: created once, when the server answers).
        Exit status: 0 sent, 75 stored and queued (server unreachable or in maintenance; the next \
        pulpe sends it), 65 invalid input (nothing stored), 77 not signed in or locked, 64 usage \
        (and an unknown --line).
        """)

    @Argument(help: "The amount, e.g. 12.50 (or - to read from stdin).")
    var amount: String

    @Argument(parsing: .remaining, help: "The description (1 to 100 characters).")
    var description: [String] = []

    @Option(help: "depense (default; with --line, the prévision's kind), revenu or epargne.")
    var kind: KindOption?

    @Option(help: "The day, YYYY-MM-DD (default: today).")
    var date: String?

    @Option(help: "The prévision (budget line) to put it on, by its exact name in the month.")
    var line: String?

    @Option(name: .customLong("tag"), help: "A tag, by name (repeatable; up to 10; a new one is created).")
    var tags: [String] = []

    @Flag(help: "Not « pointé » (by default the expense is ticked).")
    var unchecked = false

    @Option(help: "Seconds to try sending before leaving the expense queued (it is stored either way).")
    var wait: Int = 8

    @OptionGroup var server: ServerFlags

    func run() async throws {
        var amountText = amount
        var descriptionText = description.joined(separator: " ")
        if amount == "-" {
            let line = readLine(strippingNewline: true) ?? ""
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            amountText = parts.first.map(String.init) ?? ""
            descriptionText = parts.count > 1 ? String(parts[1]) : descriptionText
        }
        var day: CalendarDay?
        if let date {
            guard let parsed = CalendarDay(iso: date) else {
                ShellServices.fail("« \(date) » n'est pas une date (AAAA-MM-JJ) — invalid date", status: ExitStatus.dataError)
            }
            day = parsed
        }
        // Input is checked before anything starts: bad input never touches the outbox or the network.
        if case let .failure(problem) = ExpenseRules.amount(amountText) { invalid(problem, input: amountText) }
        if case let .failure(problem) = ExpenseRules.name(descriptionText) { invalid(problem, input: descriptionText) }

        let app = try await ShellServices.start(server)
        let request = QuickAddFlow.Request(amount: amountText, description: descriptionText, kind: kind?.transactionKind,
                                           date: day, checked: !unchecked, line: line, tags: tags)
        // The quick-add's rules, the gate and the outbox, run headless (decision 54).
        let flow = QuickAddFlow(request, today: WallClock.system.today, sendTimeout: .seconds(max(0, wait)),
                                clientId: UUID().uuidString.lowercased(), timeZone: WallClock.system.timeZone)
        let outcome = await HeadlessDriver.run(flow, services: app.services)
        await app.stop()
        guard let outcome else {
            ShellServices.fail("pulpe add ended without an outcome (a bug: see the log)", status: ExitStatus.software)
        }
        try report(outcome)
    }

    private func invalid(_ problem: ExpenseProblem, input: String) -> Never {
        let why = problem == .nameHasControl ? " — \(ShellCopy.controlInName)" : ""
        ShellServices.fail("\(problem.text())\(why) (invalid input: \"\(input)\")", status: ExitStatus.dataError)
    }

    private func report(_ outcome: QuickAddFlow.Outcome) throws {
        switch outcome {
        case let .sent(expense):
            ShellServices.say("Envoyée : \(ShellWords.expense(expense))")
        case let .queued(expense, failure):
            try ShellServices.queued(ShellWords.expense(expense), because: failure)
        case let .refused(expense, reason):
            ShellServices.fail("Dépense refusée : \(ShellWords.expense(expense)) — \(reason.text) (kept; see pulpe pending)",
                               status: ExitStatus.dataError)
        case let .invalid(problem):
            invalid(problem, input: amount)
        case .stopped(.notSignedIn):
            ShellServices.fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission)
        case .stopped(.locked):
            ShellServices.fail(ShellCopy.locked, status: ExitStatus.noPermission)
        case .stopped(.keyChanged):
            ShellServices.fail(ShellCopy.keyChanged, status: ExitStatus.noPermission)
        case let .noBudget(month, failure):
            let which = month.map { FrenchMonths.title($0) } ?? "cette date"
            ShellServices.fail("Pas de budget pour \(which) — nothing stored" + (failure.map { " (\($0.text))" } ?? ""),
                               status: failure == nil ? ExitStatus.dataError : ExitStatus.unavailable)
        case let .unknownLine(lines, ambiguous):
            var table = TextTable([.left, .right, .left])
            for line in lines {
                table.add(["  " + line.name, MoneyFormatter.format(line.amount, currency: .chf), String(line.id.prefix(8))])
            }
            let headline = ambiguous ? "Plusieurs prévisions s'appellent « \(line ?? "") » — ambiguous --line; give an id prefix:"
                : "Pas de prévision « \(line ?? "") » ce mois-ci — unknown --line; prévisions:"
            ShellServices.fail(([headline] + table.lines).joined(separator: "\n") + "\nnothing stored", status: ExitStatus.usage)
        case let .lineKindMismatch(line, asked):
            ShellServices.fail("« \(line.name) » est une prévision de \(PendingChange.kindWord(line.kind)) : pas de "
                               + "\(PendingChange.kindWord(asked)) dessus — --kind does not match the prévision's kind "
                               + "(drop --kind, or pick another --line); nothing stored", status: ExitStatus.usage)
        case let .invalidTags(problem):
            // The French words are the forms' (`TagText`); the English says which rule.
            let words = switch problem.problem {
            case .nameMissing: "\(problem.problem.text) — a tag name is empty"
            case .nameTooLong: "« \(problem.name ?? "") » : \(problem.problem.text) — tag name too long"
            case .nameHasControl: "« \(problem.name ?? "") » : \(problem.problem.text) — \(ShellCopy.controlInName)"
            case .tooMany: "\(problem.problem.text) — too many tags"
            }
            ShellServices.fail(words + "; nothing stored", status: ExitStatus.dataError)
        case .notStored:
            ShellServices.fail("Dépense non enregistrée — vérifie le disque (the outbox cannot be written: "
                               + "disk full or read-only?) — nothing stored", status: ExitStatus.ioError)
        }
    }
}
