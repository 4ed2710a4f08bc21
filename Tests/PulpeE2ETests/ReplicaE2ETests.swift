import Foundation
import PulpeDomain
import PulpeTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The whole account on disk (issue 42), against the real sandbox binary: `pulpe sync` keeps every
/// month; search finds every month's hits with their prévision when the server's text search
/// matches nothing (as deployed); a month never opened is created offline and sent once; and
/// `pulpe export` writes a journal hledger reads as Pulpe counts it.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ReplicaE2ETests {
    typealias Shell = ShellAddE2ETests

    /// A signed-in home (the TUI, then `q`) against `server`, and the `--api-url` arguments.
    static func signedIn(port: Int, home: String) throws -> [String] {
        let p = try QuickAddE2ETests.signIn(port: port, home: home)
        p.send("q")
        #expect(p.waitExit(timeout: 10) == 0)
        p.terminate()
        return ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
    }

    /// The sandbox's text search matches nothing, as the deployed server's does: every hit comes
    /// from the replica, every month's, each with its prévision.
    @Test func searchFindsEveryMonthWhenTheServersTextSearchMatchesNothing() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-replica-search")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port, arguments: ["--deployed-search"])
        defer { server.stop() }
        let api = try Self.signedIn(port: port, home: home.path)

        let sync = try Shell.pulpe(["sync"] + api, home: home.path)
        #expect(sync.status == 0, "\(sync)")
        #expect(sync.out.contains("Compte à jour · "), "\(sync)")

        let rows = try SandboxProcess.listing(port: port, email: "demo@pulpe.local")
        let wanted = rows.filter { ($0["name"] as? String)?.lowercased().contains("migros") == true }
        let months = Set(wanted.compactMap { $0["budgetId"] as? String })
        try #require(months.count > 3, "the demo has Migros in many months: \(months.count)")

        let search = try Shell.pulpe(["search", "migros", "--json"] + api, home: home.path)
        #expect(search.status == 0, "\(search)")
        let hits = try #require(try JSONSerialization.jsonObject(with: Data(search.out.utf8)) as? [[String: Any]], "\(search.out)")
        let transactions = hits.filter { $0["type"] as? String == "transaction" }
        #expect(Set(transactions.compactMap { $0["id"] as? String }) == Set(wanted.compactMap { $0["id"] as? String }),
                "every Migros of every month: \(transactions.count) of \(wanted.count)")
        // Which of them are on a prévision, as the server exported them.
        let json = try Shell.pulpe(["export", "--format", "json"] + api, home: home.path)
        let account = try PulpeJSON.decode(AccountExportData.self, from: Data(json.out.utf8))
        let onLines = Set(account.months.flatMap(\.transactions).filter { $0.budgetLineId != nil }.map(\.id))
        #expect(!onLines.isEmpty)
        for hit in transactions where onLines.contains(hit["id"] as? String ?? "") {
            #expect(hit["line"] is String, "a hit on a prévision says which: \(hit)")
        }

        // `pulpe forget`: signed out, the account's copy gone from the cache.
        let forget = try Shell.pulpe(["forget"] + api, home: home.path)
        #expect(forget.status == 0 && forget.out.hasPrefix("Compte oublié sur cet appareil : demo@pulpe.local"), "\(forget)")
        #expect(try Shell.pulpe(["export"] + api, home: home.path).status == 77, "nobody signed in any more")
        let cache = try String(decoding: Data(contentsOf: URL(fileURLWithPath: home.path + "/.cache/pulpe/cache.sqlite")), as: UTF8.self)
        #expect(!cache.contains("Migros"), "no name of the account is left in the cache file")
    }

    /// A month never opened is created offline from the replicated templates: stored (75), then
    /// sent once when the server is back, with the template's lines. A verb that stored nothing exits 69.
    @Test func aMonthNeverOpenedIsCreatedOfflineAndSentOnce() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-replica-offline")
        defer { home.remove() }
        let data = try TemporaryDirectory(prefix: "pulpe-replica-data")
        defer { data.remove() }
        let port = SandboxProcess.freePort()
        var server = try SandboxProcess(port: port, dataDir: data.path)
        let api = try Self.signedIn(port: port, home: home.path)
        #expect(try Shell.pulpe(["sync"] + api, home: home.path).status == 0)
        server.stop()

        // Two years ahead: never a demo month, never opened.
        let month = BudgetMonth(year: CalendarDay(SystemTime.now(), in: .system).year + 2, month: 4)
        let queued = try Shell.pulpe(["budget", "create", month.description, "--wait", "0"] + api, home: home.path)
        #expect(queued.status == 75, "stored and waiting: \(queued)")
        #expect(queued.out.hasPrefix("En attente : "), "\(queued)")
        // Nothing stored, nothing reachable: 69, not 75.
        let year = try Shell.pulpe(["year", String(month.year + 1), "--max-age", "0"] + api, home: home.path)
        #expect(year.status == 69, "\(year)")
        #expect(year.err.contains("nothing stored"), "\(year)")
        let refused = try Shell.pulpe(["year", "2016"] + api, home: home.path)
        #expect(refused.status == 64, "a year the API refuses, caught before asking: \(refused)")

        server = try SandboxProcess(port: port, dataDir: data.path)
        defer { server.stop() }
        let sent = try Shell.pulpe(["sync"] + api, home: home.path)
        #expect(sent.status == 0 && sent.out.contains("Envoyée"), "\(sent)")
        let again = try Shell.pulpe(["sync"] + api, home: home.path)
        #expect(again.status == 0 && again.out.contains("Rien à envoyer"), "\(again)")
        let shown = try Shell.pulpe(["month", month.description, "--json", "--max-age", "0"] + api, home: home.path)
        #expect(shown.status == 0, "\(shown)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(shown.out.utf8)) as? [String: Any], "\(shown.out)")
        #expect((json["lines"] as? [Any])?.isEmpty == false, "made from the template's lines: \(shown.out)")
        let listed = try Shell.pulpe(["year", String(month.year), "--json", "--max-age", "0"] + api, home: home.path)
        let yearJSON = try #require(try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [String: Any], "\(listed)")
        let april = (yearJSON["months"] as? [[String: Any]])?.filter { $0["month"] as? String == month.description } ?? []
        #expect(april.count == 1 && april.first?["remaining"] is String, "created once: \(listed.out)")
    }

    /// `pulpe export --format ledger` read back by hledger: for every month, the cleared balance
    /// of `assets:pulpe` is that month's « Pointé » as `pulpe month` shows it; one `id:` entry per
    /// transaction of the replica; `hledger check` passes.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/hledger")))
    func theLedgerExportIsWhatHledgerCountsAsPointe() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-replica-export")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        let api = try Self.signedIn(port: port, home: home.path)
        #expect(try Shell.pulpe(["sync"] + api, home: home.path).status == 0)

        let journal = home.path + "/pulpe.journal"
        let export = try Shell.pulpe(["export", "--format", "ledger", "--output", journal] + api, home: home.path)
        #expect(export.status == 0, "\(export)")
        #expect(try Self.hledger(["-f", journal, "check"]).status == 0)

        let json = try Shell.pulpe(["export", "--format", "json"] + api, home: home.path)
        let account = try PulpeJSON.decode(AccountExportData.self, from: Data(json.out.utf8))
        try #require(account.months.count > 10, "the demo's months: \(account.months.count)")
        let text = try String(contentsOfFile: journal, encoding: .utf8)
        let ids = text.components(separatedBy: "\n").filter { $0.contains("; id:") }.count
        #expect(ids == account.months.reduce(0) { $0 + $1.transactions.count }, "one entry per transaction")

        for details in account.months {
            let month = details.budget.budgetMonth.description
            let shown = try Shell.pulpe(["month", month, "--json"] + api, home: home.path)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.out.utf8)) as? [String: Any], "\(shown)")
            let pointe = try #require((object["realized"] as? String).flatMap { Decimal(string: $0) }, "\(month): \(shown.out)")
            let balance = try Self.hledger(["-f", journal, "bal", "--cleared", "tag:month=^\(month)$", "^assets:pulpe$",
                                            "-O", "csv", "-N"])
            #expect(Self.amount(inCSV: balance.out) == pointe, "\(month): hledger \(balance.out) vs Pointé \(pointe)")
        }
    }

    /// `pulpe sync --account` killed (-9) at random moments while another device changed three
    /// months: after each kill every month of the replica is whole — the old one or the new one,
    /// never half — and the next sync completes it.
    @Test func aKilledSyncLeavesEveryMonthOldOrNew() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-replica-kill")
        defer { home.remove() }
        let other = try TemporaryDirectory(prefix: "pulpe-replica-other")
        defer { other.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port, arguments: ["--demo-months", "24", "--demo-month-transactions", "150"])
        defer { server.stop() }
        let api = try Self.signedIn(port: port, home: home.path)
        #expect(try Shell.pulpe(["sync", "--account"] + api, home: home.path).status == 0)
        let old = try Self.months(home: home.path, api: api)

        // Another device adds to three earlier months.
        _ = try Self.signedIn(port: port, home: other.path)
        let today = CalendarDay(SystemTime.now(), in: .system)
        for back in [40, 70, 100] {
            let day = today.adding(days: -back).description
            let added = try Shell.pulpe(["add", "--date", day, "3.\(back % 100)", "Autre appareil \(back)"] + api, home: other.path)
            #expect(added.status == 0, "\(added)")
        }

        var generator = SystemRandomNumberGenerator()
        for _ in 0..<4 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: BinaryLocator.path(of: "pulpe"))
            process.arguments = ["sync", "--account"] + api
            process.environment = PTYEnvironment.anchoring(["HOME": home.path, "PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no"])
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: Double.random(in: 0.2...2.0, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = try Self.months(home: home.path, api: api)
            #expect(now.count == old.count, "no month lost")
            // Rows compared by id (a new row moves the later months' rollover, not their rows).
            let changed = now.filter { Self.ids(old[$0.key]) != Self.ids($0.value) }.keys.sorted()
            #expect(changed.count <= 3, "only the three months another device changed: \(changed)")
            for month in changed {
                let added = Self.ids(now[month]).subtracting(Self.ids(old[month]))
                #expect(Self.ids(now[month]).isSuperset(of: Self.ids(old[month])) && added.count == 1,
                        "\(month) is whole: the old rows and the new one")
            }
        }
        #expect(try Shell.pulpe(["sync", "--account"] + api, home: home.path).status == 0)
        let new = try Self.months(home: home.path, api: api)
        #expect(new.filter { Self.ids(old[$0.key]) != Self.ids($0.value) }.count == 3, "the three months, complete")
    }

    static func ids(_ month: BudgetDetails?) -> Set<String> { Set(month?.transactions.map(\.id) ?? []) }

    /// The replica's months by budget month, as `pulpe export --format json` reads them.
    static func months(home: String, api: [String]) throws -> [String: BudgetDetails] {
        let json = try Shell.pulpe(["export", "--format", "json"] + api, home: home)
        let account = try PulpeJSON.decode(AccountExportData.self, from: Data(json.out.utf8))
        return Dictionary(account.months.map { ($0.budget.budgetMonth.description, $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func hledger(_ arguments: [String]) throws -> (status: Int32, out: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hledger")
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The amount of the `assets:pulpe` row of `hledger bal -O csv` (0 when there is none).
    static func amount(inCSV csv: String) -> Decimal? {
        guard let row = csv.components(separatedBy: "\n").first(where: { $0.hasPrefix("\"assets:pulpe\"") }) else { return 0 }
        let field = row.components(separatedBy: ",").last?.replacingOccurrences(of: "\"", with: "") ?? ""
        return Decimal(string: field.replacingOccurrences(of: " CHF", with: "").replacingOccurrences(of: "CHF", with: ""))
    }
}
