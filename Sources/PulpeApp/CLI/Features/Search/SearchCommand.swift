import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

/// `pulpe search [TEXT] [--tag NAME] [--year YYYY] [--json]`: transactions and prévisions across months.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Search transactions and prévisions across months.",
        discussion: """
        Every cached month is searched (accents and case ignored), merged with the server's search when \
        it answers; offline the cache alone answers, said « résultats du cache ». Newest month first. \
        --tag NAME (or a #word in TEXT) keeps what carries a tag whose name holds NAME; TEXT is then optional \
        (the server's tag search works where its text search does not). \
        Exit status: 0 (also with no hit), 65 TEXT shorter than 2 characters, 77 not signed in or locked.
        """)

    @Argument(help: "What to look for (2 to 100 characters; optional with --tag).") var text: String = ""
    @Option(name: .customLong("tag"), help: "A tag, by (part of) its name (repeatable: each must hold).") var tags: [String] = []
    @Option(help: "Only this budget year (repeatable).") var year: [Int] = []
    @Flag(help: "Print JSON for scripts.") var json = false
    @Option(help: "Seconds to wait for the server.") var timeout: Double = 3
    @OptionGroup var server: ServerFlags

    func run() async throws {
        // Each name whole, as typed: `#"Mon tag"` when it holds a space (`TransactionFilter.tagWord`).
        let words = tags.map(TransactionFilter.tagWord)
        let query = (words + [text]).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard (2...100).contains(text.trimmingCharacters(in: .whitespaces).count) || TransactionFilter(query).namesTags else {
            ShellServices.fail("Au moins 2 caractères — search text too short", status: ExitStatus.dataError)
        }
        let app = try await ShellServices.start(server, outbox: .readOnly)
        let flow = SearchFlow(query: query, years: year, timeout: .milliseconds(Int(max(0, timeout) * 1000)))
        let outcome = await HeadlessDriver.run(flow, services: app.services)
        await app.stop()
        switch outcome {
        case .notSignedIn?: ShellServices.fail(ShellCopy.notSignedIn, status: ExitStatus.noPermission)
        case .locked?: ShellServices.fail(ShellCopy.locked, status: ExitStatus.noPermission)
        case .keyChanged?: ShellServices.fail(ShellCopy.keyChanged, status: ExitStatus.noPermission)
        case let .found(found)?: ShellServices.say(json ? Self.json(found) : Self.table(found).joined(separator: "\n"))
        case nil: ShellServices.fail("the search ended without an outcome (a bug: see the log)", status: ExitStatus.software)
        }
    }

    static func table(_ found: SearchResults) -> [String] {
        var lines: [String] = []
        if !found.askedServer { lines.append("Résultats du cache (serveur injoignable)") }
        guard !found.hits.isEmpty else { return lines + ["Aucun résultat"] }
        var current: BudgetMonth?
        var table = TextTable([.left, .left, .left, .right, .left])
        for hit in found.hits {
            if hit.budgetMonth != current {
                if current != nil { table.add(["", "", "", "", ""]) }
                table.add([FrenchMonths.title(hit.budgetMonth), "", "", "", ""])
                current = hit.budgetMonth
            }
            let day = hit.transactionDate.map { DateFormatting.compactDate(CalendarDay($0, in: .system)) } ?? "prévision"
            // What still waits is marked as `pulpe month` marks it.
            table.add(["  " + day, hit.name, String(hit.id.prefix(8)),
                       MoneyFormatter.signed(hit.amount, kind: hit.kind, currency: .chf),
                       found.pending.contains(hit.id) ? "en attente" : ""])
        }
        return lines + table.lines
    }

    /// `[{id, type, name, amount, kind, date, line, month, source, pending}]` (`line`: the prévision's name, or null;
    /// `pending`: it still waits in the outbox), amounts as exact strings.
    static func json(_ found: SearchResults) -> String {
        FlatJSON.array(found.hits.map { hit in
            [("id", .string(hit.id)), ("type", .string(hit.itemType == .transaction ? "transaction" : "line")),
             ("name", .string(hit.name)), ("amount", .string("\(hit.amount)")), ("kind", .string(hit.kind.rawValue)),
             ("date", hit.transactionDate.map { .string(CalendarDay($0, in: .system).description) } ?? .null),
             ("line", hit.lineName.map { .string($0) } ?? .null), ("month", .string(hit.budgetMonth.description)),
             ("source", .string(found.fromCache.contains(hit.id) ? "cache" : "server")),
             ("pending", .bool(found.pending.contains(hit.id)))]
        })
    }
}
