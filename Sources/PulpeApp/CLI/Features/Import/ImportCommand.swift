import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeImport
import PulpeServices

/// `pulpe import FILE`: a bank statement (CAMT.053 or CSV) read here, each operation matched
/// against the account replica (« already in Pulpe »: imported before — its id derives from the
/// bank's reference — or entered by hand the same day, same amount, same name), then every new
/// one stored as an ordinary create through the outbox, exactly once, offline too.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import a bank statement (CAMT.053 XML or CSV) into Pulpe; the rules it remembers.",
        subcommands: [Run.self, ImportRulesCommand.self], defaultSubcommand: Run.self)
}

extension ImportCommand {
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Import a bank statement (the default: pulpe import FILE).",
        discussion: """
            Each operation is new or already in Pulpe; a new one goes in the budget of its pay-day period, on the \
            prévision its label went on last time (then checked, as the official import does), else free and not \
            checked. A remembered rule (pulpe import rules) renames, files, tags or skips what its pattern matches. \
            Another currency than the account's is flagged and skipped. --dry-run prints what would be \
            created and stores nothing; without it, --yes (or a yes on a terminal) stores them. Importing the same \
            file again creates nothing. Amounts are read with one decimal and one grouping mark for the whole file \
            (1.850,00, 1'850.00, 1 850,00, 1850.00, -1850, 12.50-), decided by all its amounts together; a file \
            whose amount does not read so is refused with its line. UTF-8 or, when it is not, Windows-1252 \
            (Latin-1). Exit status: 0 done (or nothing to do), 75 stored and queued, 65 unreadable \
            file, 64 not confirmed, 77 not signed in.
            """)

    @Argument(help: "The statement file.") var file: String
    @Option(help: "Only the operations of this budget month, YYYY-MM.") var month: String?
    @Flag(help: "Show what would be created; store nothing.") var dryRun = false
    @Flag(help: "Print JSON for scripts.") var json = false
    @Flag(help: "Import without asking.") var yes = false
    @Option(help: "CSV columns when detection fails: date=NAME|N,amount=…|debit=…,credit=…,name=…") var columns: String?
    @Option(help: "Seconds to wait for the server once stored.") var wait: Double = 8
    @OptionGroup var server: ServerFlags

    func validate() throws {
        if let month, MonthCommand.parse(month) == nil { throw ValidationError("--month: YYYY-MM") }
    }

    func run() async throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            ShellServices.fail("Fichier illisible — cannot read \(file): \(error.localizedDescription)", status: ExitStatus.dataError)
        }
        let statement: BankStatement
        do {
            statement = try StatementReader.read(data, columns: columns)
        } catch StatementError.readerMissing {
            ShellServices.fail("Lecture du XML impossible — \(StatementError.readerMissing) — nothing stored", status: ExitStatus.osFile)
        } catch let .unreadableAmount(text, line, column, why) {
            // The whole file refused for one amount (`StatementAmount`): which, where, why.
            ShellServices.fail("Montant illisible ligne \(line) : « \(text) » — column \(column): \(why); nothing stored",
                               status: ExitStatus.dataError)
        } catch {
            ShellServices.fail("Relevé illisible — \(error) — nothing stored", status: ExitStatus.dataError)
        }
        let app = try await ShellServices.start(server, outbox: dryRun ? .readOnly : .readWrite)
        // The saved session, read once (`ImportRulesFlow`: it ends « not signed in » without
        // one), then the one pipeline the TUI's review runs too (`StatementImport`, decision 112).
        _ = await KeptImportRules.load(app: app)
        guard let plan = await app.services.budgets.planStatement(statement, month: month.flatMap(MonthCommand.parse),
                                                                  askServerForTags: true) else {
            await app.stop()
            ShellServices.fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission)
        }
        let currency = plan.currency
        for account in StatementImport.unbalancedAccounts(statement) {
            ShellServices.warn("the statement of \(account) does not add up (opening + entries ≠ closing): check the file")
        }
        ShellServices.say(json ? ImportReport.json(plan) : ImportReport.table(plan, currency: currency).joined(separator: "\n"))
        let toStore = plan.toStore
        guard !dryRun, !toStore.isEmpty else {
            await app.stop()
            return
        }
        if !yes {
            guard isatty(STDIN_FILENO) != 0 else {
                await app.stop()
                ShellServices.fail("Rien n’est importé : ajoute --yes (or --dry-run) — not confirmed, nothing stored", status: ExitStatus.usage)
            }
            FileHandle.standardError.write(Data("Importer \(toStore.count) opération\(toStore.count == 1 ? "" : "s") ? [o/N] ".utf8))
            let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            guard ["o", "oui", "y", "yes"].contains(answer) else {
                await app.stop()
                ShellServices.fail("Rien n’est importé — not confirmed, nothing stored", status: ExitStatus.usage)
            }
        }
        let flow = ImportFlow(entries: toStore, timeZone: .system, sendTimeout: .milliseconds(Int(max(0, wait) * 1000)))
        let outcome = await HeadlessDriver.run(flow, services: app.services)
        await app.stop()
        switch outcome {
        case let .imported(stored, alreadyWaiting, waiting, failure)?:
            let already = alreadyWaiting > 0 ? " (\(alreadyWaiting) déjà en attente)" : ""
            if waiting > 0 {
                try ShellServices.queued("\(stored) opération\(stored == 1 ? "" : "s") importée\(stored == 1 ? "" : "s")\(already)", because: failure)
            } else {
                ShellServices.say("Importées : \(stored)\(already), envoyées")
            }
        case .notSignedIn?: ShellServices.fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission)
        case .locked?: ShellServices.fail(ShellCopy.locked, status: ExitStatus.noPermission)
        case .keyChanged?: ShellServices.fail(ShellCopy.keyChanged, status: ExitStatus.noPermission)
        case let .notStored(stored)?:
            ShellServices.fail("Import interrompu après \(stored) — the outbox cannot be written; run it again (nothing is doubled)",
                               status: ExitStatus.ioError)
        case nil: ShellServices.fail("the import ended without an outcome (a bug: see the log)", status: ExitStatus.software)
        }
    }
}

}
