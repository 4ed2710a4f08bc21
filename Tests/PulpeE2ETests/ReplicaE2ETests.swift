import Foundation
import PulpeDomain
import PulpeNetworking
import PulpeTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The whole account on disk (decision 81), against the real sandbox binary: `pulpe sync` keeps every
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
        defer { HomeKeyAgent.stop(home: home.path) }
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

        // `pulpe forget` (local only: the server gone first). What it removes is looked at where
        // it changes: offline, the replica shows the account before; after, the replica's stamp
        // (clear beside the sealed cache) is gone, the cache's rows with it (the file compacted),
        // and with the same session and kept key put back, pulpe finds nothing of the account.
        server.stop()
        let cache = home.path + "/.cache/pulpe/cache.sqlite"
        let state = home.path + "/.local/state/pulpe/"
        let offline = try Shell.pulpe(["search", "migros", "--json"] + api, home: home.path)
        #expect(offline.status == 0 && offline.out.contains("Migros"), "the replica answers offline: \(offline)")
        let stamp = try #require(FileManager.default.contents(atPath: cache + ".replica"), "the replica's stamp")
        #expect(String(decoding: stamp, as: UTF8.self).contains("\"months\":\(account.months.count)"), "\(String(decoding: stamp, as: UTF8.self))")
        let sizeBefore = try Self.size(cache)
        // The kept key, put back below as an earlier version's kept-key file would hold it (moved to the agent at start).
        let key = try #require(HomeKeyAgent.clientKeys(home: home.path).first, "the agent holds the key")
        let session = try Data(contentsOf: URL(fileURLWithPath: state + "session.json"))
        let serverKey = try #require((try JSONSerialization.jsonObject(with: session) as? [String: Any])?["servers"] as? [String: Any])
            .keys.first ?? ""
        let stored = try SessionStore(fileURL: URL(fileURLWithPath: state + "session.json")).load(server: serverKey)
        let userId = try #require(stored).info.userId
        let signedIn = [("session.json", session),
                        ("client-keys.json", Data(#"{"keys":{"\#(serverKey) \#(userId)":"\#(key)"},"version":1}"#.utf8))]

        let forget = try Shell.pulpe(["forget"] + api, home: home.path)
        #expect(forget.status == 0 && forget.out.hasPrefix("Compte oublié sur cet appareil : demo@pulpe.local"), "\(forget)")
        #expect(try Shell.pulpe(["export"] + api, home: home.path).status == 77, "nobody signed in any more")
        #expect(!FileManager.default.fileExists(atPath: cache + ".replica"), "no replica any more")
        #expect(HomeKeyAgent.clientKeys(home: home.path).isEmpty, "no kept key any more")
        #expect(HomeKeyAgent.waitGone(home: home.path), "and no agent")
        let sizeAfter = try Self.size(cache)
        #expect(sizeAfter * 4 < sizeBefore, "the rows gone, the file compacted: \(sizeBefore) → \(sizeAfter) bytes")

        for (name, data) in signedIn {
            try data.write(to: URL(fileURLWithPath: state + name))
            chmod(state + name, 0o600)
        }
        // Offline, a session is one with data cached (`offlineSession`): the same files that
        // answered above now find nothing of the account to open.
        let after = try Shell.pulpe(["search", "migros", "--json"] + api, home: home.path)
        #expect(after.status == 77 && !after.out.contains("Migros"), "the session back, nothing of the account: \(after)")
        #expect(try Shell.pulpe(["export", "--format", "json"] + api, home: home.path).status == 77)
    }

    static func size(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
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
    /// of `assets:pulpe` is that month's « Pointé » as `pulpe month` shows it (hledger answering 0
    /// and the row there); one `id:` entry per transaction of the replica; `hledger check -s`
    /// (every account and commodity declared) passes; and `bean-check` reads the beancount export
    /// without an error. Skipped — said so — without the tools, except under CI, where they fail.
    @Test(.enabled(if: isCI || (tool("hledger") != nil && tool("bean-check") != nil),
                   "hledger or bean-check is not installed (make test-deps); under CI=true they must be"))
    func theExportsAreReadByHledgerStrictAndBeanCheck() throws {
        let hledger = try #require(Self.tool("hledger"), "hledger on PATH (make test-deps)")
        let beanCheck = try #require(Self.tool("bean-check"), "bean-check on PATH (make test-deps: pip install beancount)")
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
        let check = try Self.run(hledger, ["-f", journal, "check", "-s"])
        #expect(check.status == 0 && check.err.isEmpty, "hledger check -s: \(check.err)")
        let beancount = home.path + "/pulpe.beancount"
        let written = try Shell.pulpe(["export", "--format", "beancount", "--output", beancount] + api, home: home.path)
        #expect(written.status == 0, "\(written)")
        let bean = try Self.run(beanCheck, [beancount])
        #expect(bean.status == 0 && bean.out.isEmpty && bean.err.isEmpty, "bean-check: \(bean.out)\(bean.err)")

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
            // -E: a month whose « Pointé » is 0 keeps its row; a row missing is a failure, not 0.
            let balance = try Self.run(hledger, ["-f", journal, "bal", "--cleared", "-E", "tag:month=^\(month)$", "^assets:pulpe$",
                                                 "-O", "csv", "-N"])
            #expect(balance.status == 0, "\(month): hledger bal: \(balance.err)")
            if let counted = Self.amount(inCSV: balance.out) {
                #expect(counted == pointe, "\(month): hledger \(balance.out) vs Pointé \(pointe)")
            } else {
                // No row: only for a month without a single cleared entry (a month ahead), whose
                // « Pointé » is 0 — asked of hledger, not assumed.
                let cleared = try Self.run(hledger, ["-f", journal, "print", "--cleared", "tag:month=^\(month)$"])
                #expect(cleared.status == 0 && cleared.out.isEmpty && pointe == 0,
                        "\(month): no assets:pulpe row in \(balance.out), yet cleared entries \(cleared.out) or Pointé \(pointe)")
            }
        }
    }

    /// `pulpe sync --account` killed (-9) at drawn moments while it runs — each kill shown to land
    /// mid-sync: the process still running and the replica not yet marked complete, the first one
    /// just after the sync wrote to the cache — while another device changed three months: after
    /// each kill every month of the replica is whole — the old one or the new one, never half —
    /// and the next sync completes it. The moments come from a printed seed (`PULPE_KILL_SEED`
    /// replays them).
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

        // Every answer slowed, so a sync lasts long enough to be killed while it runs; how long,
        // measured once with nothing to write.
        let latency = 300
        try server.setLatency(milliseconds: latency)
        let clock = ContinuousClock()
        let started = clock.now
        #expect(try Shell.pulpe(["sync", "--account"] + api, home: home.path).status == 0)
        let length = Double((clock.now - started).components.attoseconds) / 1e18 + Double((clock.now - started).components.seconds)
        let cache = home.path + "/.cache/pulpe/cache.sqlite"
        let complete = try #require(FileManager.default.contents(atPath: cache + ".replica"), "the replica's stamp")
        try server.setLatency(milliseconds: 0)

        // Another device adds to three earlier months.
        _ = try Self.signedIn(port: port, home: other.path)
        let today = CalendarDay(SystemTime.now(), in: .system)
        for back in [40, 70, 100] {
            let day = today.adding(days: -back).description
            let added = try Shell.pulpe(["add", "--date", day, "3.\(back % 100)", "Autre appareil \(back)"] + api, home: other.path)
            #expect(added.status == 0, "\(added)")
        }
        try server.setLatency(milliseconds: latency)

        let seed = ProcessInfo.processInfo.environment["PULPE_KILL_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...999_999)
        print("ReplicaE2ETests.aKilledSyncLeavesEveryMonthOldOrNew: seed \(seed) (PULPE_KILL_SEED=\(seed) replays its kills)")
        var generator = SplitMix64(seed: seed)
        for round in 1...4 {
            let generation = try Self.generation(cache)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: BinaryLocator.path(of: "pulpe"))
            process.arguments = ["sync", "--account"] + api
            process.environment = PTYEnvironment.anchoring(["HOME": home.path, "PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no"])
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let launched = clock.now
            try process.run()
            // The first kill just after the sync's first write (plus a drawn moment, well within the
            // next answer's wait); the others anywhere within the measured length.
            let delay: Double
            if round == 1 {
                while try Self.generation(cache) == generation, process.isRunning, clock.now - launched < .seconds(4 * length) {
                    Thread.sleep(forTimeInterval: 0.002)
                }
                delay = Double.random(in: 0...(Double(latency) / 3000), using: &generator)
            } else {
                delay = Double.random(in: 0.05...0.9, using: &generator) * length
            }
            Thread.sleep(forTimeInterval: delay)
            let running = process.isRunning
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let moment = "seed \(seed), kill \(round), \(clock.now - launched) after the start"
            #expect(running && process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL,
                    "\(moment): killed while it ran")
            #expect(FileManager.default.contents(atPath: cache + ".replica") == complete, "\(moment): before the sync completed")
            if round == 1 { #expect(try Self.generation(cache) != generation, "\(moment): after it wrote to the cache") }
            let now = try Self.months(home: home.path, api: api)
            #expect(now.count == old.count, "\(moment): no month lost")
            // Rows compared by id (a new row moves the later months' rollover, not their rows).
            let changed = now.filter { Self.ids(old[$0.key]) != Self.ids($0.value) }.keys.sorted()
            #expect(changed.count <= 3, "\(moment): only the three months another device changed: \(changed)")
            for month in changed {
                let added = Self.ids(now[month]).subtracting(Self.ids(old[month]))
                #expect(Self.ids(now[month]).isSuperset(of: Self.ids(old[month])) && added.count == 1,
                        "\(moment): \(month) is whole: the old rows and the new one")
            }
        }
        try server.setLatency(milliseconds: 0)
        #expect(try Shell.pulpe(["sync", "--account"] + api, home: home.path).status == 0)
        #expect(FileManager.default.contents(atPath: cache + ".replica") != complete, "complete now")
        let new = try Self.months(home: home.path, api: api)
        #expect(new.filter { Self.ids(old[$0.key]) != Self.ids($0.value) }.count == 3, "the three months, complete")
    }

    /// The cache's generation file (`cache.sqlite.generation`, replaced at each commit): its
    /// inode and change time, which move when anything is written.
    static func generation(_ cache: String) throws -> String {
        var info = stat()
        guard stat(cache + ".generation", &info) == 0 else { return "none" }
        return "\(info.st_ino) \(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
    }

    static func ids(_ month: BudgetDetails?) -> Set<String> { Set(month?.transactions.map(\.id) ?? []) }

    /// The replica's months by budget month, as `pulpe export --format json` reads them.
    static func months(home: String, api: [String]) throws -> [String: BudgetDetails] {
        let json = try Shell.pulpe(["export", "--format", "json"] + api, home: home)
        let account = try PulpeJSON.decode(AccountExportData.self, from: Data(json.out.utf8))
        return Dictionary(account.months.map { ($0.budget.budgetMonth.description, $0) }, uniquingKeysWith: { first, _ in first })
    }

    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// The program `name` on this process's PATH, else nil.
    static func tool(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `program`'s status, output and errors. The errors go to a file, not a second pipe: a tool
    /// that reports thousands of problems would fill that pipe while its output is read, and wait.
    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let out = Pipe()
        let errorFile = NSTemporaryDirectory() + "pulpe-tool-\(UUID().uuidString).err"
        _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorFile) }
        process.standardOutput = out
        process.standardError = FileHandle(forWritingAtPath: errorFile)
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = FileManager.default.contents(atPath: errorFile) ?? Data()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), String(decoding: errors.prefix(4000), as: UTF8.self))
    }

    /// The amount of the `assets:pulpe` row of `hledger bal -O csv`; nil when there is no such row
    /// or its amount is not a number.
    static func amount(inCSV csv: String) -> Decimal? {
        guard let row = csv.components(separatedBy: "\n").first(where: { $0.hasPrefix("\"assets:pulpe\"") }) else { return nil }
        let field = row.components(separatedBy: ",").last?.replacingOccurrences(of: "\"", with: "") ?? ""
        return Decimal(string: field.replacingOccurrences(of: " CHF", with: "").replacingOccurrences(of: "CHF", with: ""))
    }
}
