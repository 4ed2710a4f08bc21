import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// `pulpe export`: the account replica as plain text for the tools terminal users report with —
/// an hledger journal, a beancount file, CSV — or as the export's own JSON (decision 81). From the
/// replica alone, offline too: `pulpe sync` (or the TUI) brings it up to date.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the whole account as an hledger journal, beancount, CSV or JSON (from the local replica).",
        discussion: """
        Every month kept locally (pulpe sync reads the whole account first), oldest first. ledger: one \
        entry per transaction, cleared (*) when checked, tagged id: and month: (the budget's month), \
        balanced by assets:pulpe, plus the prévisions as budget goals (hledger bal --budget). \
        csv: a text cell (name, prévision, id) that begins with =, +, -, @, a tab or a carriage return \
        gets a leading ' so a spreadsheet shows it instead of running it as a formula (OWASP's CSV \
        injection rule); amounts stay plain numbers. -o FILE: written readable by you only (mode \
        0600), to a new file beside FILE then renamed in its place (never half a file); an existing \
        FILE, or a symbolic link there, is replaced only with --force (the link itself, never what it \
        points at). \
        Exit status: 0, 64 bad option, 73 the output file exists (without --force) or cannot be written, \
        77 not signed in.
        """)

    @Option(help: "ledger (hledger journal), beancount, csv or json.")
    var format: ExportFormat = .ledger

    @Option(help: "First budget month, YYYY-MM.")
    var from: String?

    @Option(help: "Last budget month, YYYY-MM.")
    var to: String?

    @Option(name: .shortAndLong, help: "Write to this file (mode 0600) instead of standard output.")
    var output: String?

    @Flag(help: "Replace --output when it exists (a file, or a symbolic link: the link itself).")
    var force = false

    @OptionGroup var server: ServerFlags

    func validate() throws {
        for (name, text) in [("--from", from), ("--to", to)] {
            if let text, BudgetMonth(iso: text) == nil { throw ValidationError("\(name) \(text) n'est pas un mois — expected YYYY-MM") }
        }
        if let first = from.flatMap(BudgetMonth.init(iso:)), let last = to.flatMap(BudgetMonth.init(iso:)), first > last {
            throw ValidationError("--from vient après --to — --from must not be after --to")
        }
    }

    func run() async throws {
        let app = try await ShellServices.start(server, outbox: .readOnly)
        let outcome = await HeadlessDriver.run(ExportFlow(), services: app.services)
        await app.stop()
        switch outcome {
        case .notSignedIn?:
            ShellServices.fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission)
        case let .read(months, status, currency)?:
            let first = from.flatMap(BudgetMonth.init(iso:))
            let last = to.flatMap(BudgetMonth.init(iso:))
            let chosen = months.filter { details in
                let month = details.budget.budgetMonth
                return (first.map { month >= $0 } ?? true) && (last.map { month <= $0 } ?? true)
            }
            if status == nil {
                ShellServices.warn("the account was never read whole here (pulpe sync): only the months opened are exported")
            }
            let text = AccountExport.render(chosen, format: format, currency: currency, in: .system)
            write(text)
        case nil:
            ShellServices.fail("the export ended without an outcome (a bug: see the log)", status: ExitStatus.software)
        }
    }

    private func write(_ text: String) {
        guard let output else {
            ShellServices.write(document: text)
            return
        }
        do {
            try ExportFile.write(Data(text.utf8), to: output, replacing: force)
        } catch {
            switch error {
            case .exists:
                ShellServices.fail("\(output) existe déjà — the output file exists: give --force to replace it; nothing written",
                                   status: ExitStatus.cannotCreate)
            case let .cannotWrite(reason):
                ShellServices.fail("Impossible d'écrire \(output) — cannot write the output file: \(reason); nothing written",
                                   status: ExitStatus.cannotCreate)
            }
        }
    }
}

extension ExportFormat: ExpressibleByArgument {}
