import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// `pulpe reconcile AMOUNT [AMOUNT…]`: « Rapprocher mes comptes » (§15.4) — the bank balances
/// against « Pointé » plus the rollover, and with a gap one checked entry that closes it, stored
/// before any send like every write (`ReconcileFlow`, the TUI's resolver).
struct ReconcileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reconcile", abstract: "Check Pulpe against your bank balances; close a gap with one entry.",
        discussion: """
            Give the balance of each bank account (12.50, 12,50, -40, a typographic minus too; \
            up to 9 digits and 2 decimals). Their total is compared with « Pointé » (what is checked \
            off) plus the month's rollover: no gap says « À jour »; a gap stores one checked entry \
            (an income when the bank has more, else an expense) named --name, sent once like every \
            write. Unchecked items are counted on stderr: check them first for a true gap.
            Exit status: 0 up to date or sent, 75 stored and queued, 65 unreadable balance or refused, \
            77 not signed in or locked, 69 the month cannot be read.
            """)

    @Argument(help: "The balance of each bank account.")
    var balances: [String]
    @Option(help: "The adjustment entry's name.")
    var name: String = Reconciliation.defaultName
    @Flag(help: "Print the figures; store nothing.")
    var dryRun = false
    @Flag(help: "The figures (and the entry) as JSON on stdout, amounts as exact decimal strings.")
    var json = false
    @OptionGroup var options: ChangeOptions

    func run() async throws {
        // Read before anything starts: a typo is said, nothing stored (exit 65).
        let bankTotal: Decimal
        switch BankBalances.total(balances) {
        case let .success(total): bankTotal = total
        case .failure(.none): ChangeVerb.invalid("Aucun solde (no balance given)")
        case let .failure(.unreadable(row, text)):
            ChangeVerb.invalid("Solde illisible n° \(row) : « \(text) » (unreadable balance; e.g. 1234.50 or -40)")
        }
        let label = ChangeVerb.name(name) ?? Reconciliation.defaultName
        let id = UUID().uuidString.lowercased()
        let app = try await ShellServices.start(options.server)
        let flow = ReconcileFlow(month: options.month.flatMap(MonthCommand.parse), today: WallClock.system.today,
                                 bankTotal: bankTotal, name: label, id: id, dryRun: dryRun, timeZone: .system,
                                 readTimeout: .seconds(5), sendTimeout: .seconds(max(0, options.wait)))
        let outcome = await HeadlessDriver.run(flow, services: app.services)
        await app.stop()
        guard let outcome else {
            ShellServices.fail("the reconciliation ended without an outcome (a bug: see the log)", status: ExitStatus.software)
        }
        guard let figures = outcome.figures, let month = outcome.month else { return try ChangeVerb.report(outcome.change) }
        if figures.unchecked > 0 {
            ShellServices.warn("\(figures.unchecked) élément(s) à pointer — the gap counts only what is checked off (pulpe check)")
        }
        if case .notStored = outcome.change { return try ChangeVerb.report(outcome.change) }
        if json {
            ShellServices.say(Self.json(figures, month: month, entry: dryRun ? nil : (id, label), outcome.change))
            if case .queued = outcome.change { throw ExitCode(ExitStatus.tempFail) }
            if case .refused = outcome.change { throw ExitCode(ExitStatus.dataError) }
            return
        }
        Self.table(figures, month: month).forEach(ShellServices.say)
        if dryRun { return }
        try ChangeVerb.report(outcome.change)
    }

    /// The figures, aligned: bank, « Pointé », rollover, expected, gap.
    static func table(_ figures: Reconciliation, month: BudgetMonth) -> [String] {
        let money = { (value: Decimal) in MoneyFormatter.format(value, currency: .chf) }
        var table = TextTable([.left, .right])
        table.add(["  Banque", money(figures.bankTotal)])
        table.add(["  Pointé", money(figures.pointed)])
        table.add(["  Report", money(figures.rollover)])
        table.add(["  Attendu (pointé + report)", money(figures.expected)])
        table.add(["  Écart", money(figures.gap)])
        return ["Rapprochement — \(FrenchMonths.title(month))"] + table.lines
    }

    /// `--json`: the figures, and the entry with where it stands (`null` when nothing was to store).
    static func json(_ figures: Reconciliation, month: BudgetMonth, entry: (id: String, name: String)?,
                     _ change: ChangeFlow.Outcome) -> String {
        var object: [String: Any] = [
            "month": PanelJSON.month((month.year, month.month)),
            "bank": PanelJSON.amount(figures.bankTotal), "pointed": PanelJSON.amount(figures.pointed),
            "rollover": PanelJSON.amount(figures.rollover), "expected": PanelJSON.amount(figures.expected),
            "gap": PanelJSON.amount(figures.gap), "upToDate": figures.isUpToDate, "unchecked": figures.unchecked,
        ]
        let state: String? = switch change {
        case .done: "sent"
        case .queued: "queued"
        case .refused: "refused"
        default: nil
        }
        if let entry, let kind = figures.adjustmentKind, let state {
            object["adjustment"] = ["id": entry.id, "name": entry.name, "amount": PanelJSON.amount(figures.adjustmentAmount),
                                    "kind": kind.rawValue, "state": state] as [String: Any]
        } else {
            object["adjustment"] = NSNull()
        }
        return PanelJSON.text(object)
    }
}
