import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// `pulpe query 'QUERY' [--json|--csv]`: every transaction of the account that answers the query
/// (issue 61), from the replica and the outbox on this machine, with their total.
struct QueryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query", abstract: "Ask the whole account: the transactions a query keeps, and their total.",
        discussion: """
        Words side by side must all hold; `or` separates alternatives; `not:` negates a word. A free word is \
        looked for in the name and the prévision (accents and case ignored; "two words" together). Fields: \
        desc:TEXT line:TEXT (the prévision) tag:NAME kind:expense|income|saving amt:>20 amt:<=5 amt:20..50 \
        amt:42.50 date:2026 date:2026-03 date:2026-03-05 date:2026-01..2026-06 date:thismonth|lastmonth|thisyear|lastyear|today \
        month:PERIOD (budget months only) checked:yes|no pending:yes|no. A month is its pay-day period. \
        Read from this machine (pulpe sync brings the replica up to date); what waits in the outbox is \
        included and marked. Examples: 'migros amt:>20 date:2024..2026', 'tag:vacances or tag:voyage', \
        'kind:expense not:checked:yes month:thismonth'. The total adds income and takes away expenses and \
        savings. Exit status: 0 (also with no match), 64 a query that does not read (its column on stderr), \
        77 not signed in or locked.
        """)

    @Argument(help: "The query (quote it for the shell).") var query: String = ""
    @Flag(help: "Print JSON for scripts: {total, matches}.") var json = false
    @Flag(help: "Print CSV (RFC 4180).") var csv = false
    @OptionGroup var server: ServerFlags

    func validate() throws {
        if json && csv { throw ValidationError("--json or --csv, not both") }
    }

    func run() async throws {
        let today = WallClock.system.today
        // A mistake is said before anything starts (the pay day changes what a period spans, not
        // whether it reads).
        do {
            _ = try QueryParser.parse(query, today: today, payDay: nil)
        } catch {
            Self.refuse(error)
        }
        let app = try await ShellServices.start(server, outbox: .readOnly)
        let outcome = await HeadlessDriver.run(AccountSnapshotFlow(today: today, reading: .matching(query)), services: app.services)
        await app.stop()
        switch outcome {
        case let .read(account)?:
            let rows: [QueryRow]
            do {
                rows = try account.query(query).filter(account.rows)
            } catch {
                Self.refuse(error)
            }
            if json {
                ShellServices.say(QueryReport.json(rows))
            } else if csv {
                ShellServices.write(document: QueryReport.csv(rows))
            } else {
                ShellServices.say(Self.table(rows, currency: account.currency).joined(separator: "\n"))
            }
        case .notSignedIn?: ShellServices.fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission)
        case nil: ShellServices.fail("the query ended without an outcome (a bug: see the log)", status: ExitStatus.software)
        }
    }

    static func refuse(_ error: QueryError) -> Never {
        ShellServices.fail("Requête illisible — query: \(error)", status: ExitStatus.usage)
    }

    /// One row per transaction, oldest first, then the count and the total.
    static func table(_ rows: [QueryRow], currency: Currency) -> [String] {
        guard !rows.isEmpty else { return ["Aucune opération"] }
        var table = TextTable([.left, .left, .left, .right, .left])
        for row in rows {
            let place = [row.line, row.tags.isEmpty ? nil : row.tags.map { "#" + $0 }.joined(separator: " ")]
                .compactMap { $0 }.joined(separator: " · ")
            // Across years: « 07.12.26 ».
            let year = row.date.year % 100
            table.add([DateFormatting.compactDate(row.date) + (year < 10 ? "0" : "") + String(year),
                       ShellText.cell(row.name), ShellText.cell(place),
                       MoneyFormatter.signed(row.amount, kind: row.kind, currency: currency),
                       row.pending ? "en attente" : (row.checked ? "✓" : "")])
        }
        let count = rows.count == 1 ? "1 opération" : "\(rows.count) opérations"
        return table.lines + ["\(count) · total \(MoneyFormatter.signed(QueryReport.total(rows), currency: currency))"]
    }
}
