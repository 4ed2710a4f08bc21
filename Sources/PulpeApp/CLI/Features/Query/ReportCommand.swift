import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// `pulpe report [--by line|tag|kind] [--months N] [--query Q] [--json|--csv]`: planned against
/// actual, month by month, over the last N budget months (issue 61) — `hledger bal -M --budget`
/// with Pulpe's envelope rule.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "Planned against actual over the last months, by prévision, tag or kind.",
        discussion: """
        The last N budget months (pay-day periods) up to the current one, from this machine (pulpe sync \
        brings the replica up to date; what waits in the outbox is included). By prévision (the default): each \
        prévision's plan and what is allocated to it; free transactions under « hors prévision ». By tag: the \
        prévisions and transactions carrying it, income adding, the rest taking away. By kind: income, expenses, \
        savings. The table's « Dépassé » is what was spent beyond the plan, summed over the months that ran \
        over, and how many did. --query keeps only the transactions it answers (docs/query.md); the plan is \
        unchanged. --json: {months, rows: [{key, kind, planned: {YYYY-MM: …}, actual: {…}}]}; --csv: one line per \
        row and month. Exit status: 0, 64 a query that does not read, 77 not signed in or locked.
        """)

    @Option(help: "line (prévision), tag or kind.") var by: String = "line"
    @Option(help: "How many months, up to the current one (1–240).") var months: Int = 12
    @Option(help: "Only the transactions this query keeps (docs/query.md).") var query: String?
    @Flag(help: "Print JSON for scripts.") var json = false
    @Flag(help: "Print CSV (RFC 4180).") var csv = false
    @OptionGroup var server: ServerFlags

    func validate() throws {
        guard ReportAxis(rawValue: by) != nil else { throw ValidationError("--by: line, tag or kind") }
        guard (1...240).contains(months) else { throw ValidationError("--months: 1 to 240") }
        if json && csv { throw ValidationError("--json or --csv, not both") }
    }

    func run() async throws {
        let today = WallClock.system.today
        if let query {
            do { _ = try QueryParser.parse(query, today: today, payDay: nil) } catch { QueryCommand.refuse(error) }
        }
        let app = try await ShellServices.start(server, outbox: .readOnly)
        let outcome = await HeadlessDriver.run(AccountSnapshotFlow(today: today, reading: query == nil ? .sums : .everyRow), services: app.services)
        await app.stop()
        guard case let .read(account)? = outcome else {
            ShellServices.fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission)
        }
        var filter: LedgerQuery?
        if let query {
            do { filter = try account.query(query) } catch { QueryCommand.refuse(error) }
        }
        let last = account.currentMonth
        let range = (0..<months).map { last.advanced(by: $0 - months + 1) }
        var report = BudgetReport.build(account.months, months: range, by: ReportAxis(rawValue: by) ?? .line, tagNames: account.tagNames) {
            transaction, month, line in
            filter.map { account.keeps($0, transaction, month: month, line: line) } ?? true
        }
        // With a query, the keys it kept nothing of say nothing.
        if filter != nil { report.rows = report.rows.filter { !$0.actual.isEmpty } }
        if json {
            ShellServices.say(BudgetReportOutput.json(report))
        } else if csv {
            ShellServices.write(document: BudgetReportOutput.csv(report))
        } else {
            ShellServices.say(Self.table(report, currency: account.currency).joined(separator: "\n"))
        }
    }

    /// One row per key: planned and actual over the months, the overrun and the months over.
    static func table(_ report: BudgetReport, currency: Currency) -> [String] {
        guard let first = report.months.first, let last = report.months.last else { return [] }
        guard !report.rows.isEmpty else { return ["Rien à montrer sur ces mois"] }
        var table = TextTable([.left, .left, .right, .right, .right, .right])
        table.add(["", "", "Prévu", "Réel", "Dépassé", "Mois"])
        let kinds: [TransactionKind?] = [.income, .expense, .saving, nil]
        for kind in kinds {
            for row in report.rows where row.kind == kind {
                let over = report.months.map { row.overrun(in: $0) }.reduce(0, +)
                let monthsOver = row.monthsOver(report.months).count
                table.add([ShellText.cell(row.key), row.kind.map(Self.kindWord) ?? "tag",
                           MoneyFormatter.format(row.plannedTotal, currency: currency),
                           MoneyFormatter.format(row.actualTotal, currency: currency),
                           over > 0 ? MoneyFormatter.format(over, currency: currency) : "",
                           monthsOver > 0 ? "\(monthsOver)/\(report.months.count)" : ""])
            }
        }
        let span = first == last ? FrenchMonths.title(first) : "\(FrenchMonths.title(first)) – \(FrenchMonths.title(last))"
        return [span] + table.lines
    }

    static func kindWord(_ kind: TransactionKind) -> String {
        switch kind {
        case .income: "revenu"
        case .expense: "dépense"
        case .saving: "épargne"
        }
    }
}
