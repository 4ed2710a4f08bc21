import Foundation
import PulpeTestSupport
import Testing

/// `pulpe report` against hledger (issue 61): on the demo account, every prévision's actual, month
/// by month, is what hledger sums on `pulpe export --format ledger` for that prévision's account
/// and that budget month (`tag:month=`), the transactions only (`tag:id`); every plan is the
/// prévision's amount in `pulpe month --json`. Skipped without hledger, except under CI.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ReportE2ETests {
    typealias Replica = ReplicaE2ETests
    typealias Shell = ShellAddE2ETests

    @Test(.enabled(if: ReplicaE2ETests.isCI || ReplicaE2ETests.tool("hledger") != nil, "hledger is not installed (make test-deps)"))
    func everyActualIsWhatHledgerSumsAndEveryPlanWhatTheMonthSays() throws {
        let hledger = try #require(Replica.tool("hledger"), "hledger on PATH (make test-deps)")
        let home = try TemporaryDirectory(prefix: "pulpe-report")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        let api = try Replica.signedIn(port: port, home: home.path)
        #expect(try Shell.pulpe(["sync"] + api, home: home.path).status == 0)
        let journal = home.path + "/pulpe.journal"
        #expect(try Shell.pulpe(["export", "--format", "ledger", "--output", journal] + api, home: home.path).status == 0)

        let run = try Shell.pulpe(["report", "--months", "4", "--json"] + api, home: home.path)
        #expect(run.status == 0, "\(run)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any], "\(run)")
        let months = try #require(report["months"] as? [String])
        let rows = try #require(report["rows"] as? [[String: Any]])
        #expect(months.count == 4 && rows.count > 5, "\(run.out)")
        for month in months {
            let balance = try Replica.run(hledger, ["-f", journal, "bal", "-O", "csv", "-N", "tag:id", "tag:month=^\(month)$"])
            #expect(balance.status == 0, "\(balance.err)")
            var sums: [String: Decimal] = [:]
            for line in balance.out.split(separator: "\n").dropFirst() {
                let cells = line.split(separator: "\",\"").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
                guard cells.count == 2, let amount = Decimal(string: cells[1].replacingOccurrences(of: " CHF", with: "")) else { continue }
                sums[cells[0]] = amount < 0 ? -amount : amount
            }
            let shown = try Shell.pulpe(["month", month, "--json"] + api, home: home.path)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.out.utf8)) as? [String: Any], "\(shown)")
            var plans: [String: Decimal] = [:]
            for line in object["lines"] as? [[String: Any]] ?? [] {
                guard let name = line["name"] as? String, let kind = line["kind"] as? String,
                      let amount = (line["planned"] as? String).flatMap({ Decimal(string: $0) }) else { continue }
                plans[kind + ":" + name, default: 0] += amount
            }
            var compared = 0
            for row in rows {
                let key = try #require(row["key"] as? String), kind = try #require(row["kind"] as? String)
                let family = ["expense": "expenses:", "income": "income:", "saving": "savings:"][kind] ?? "?"
                let actual = ((row["actual"] as? [String: String])?[month]).flatMap { Decimal(string: $0) } ?? 0
                #expect(actual == (sums[family + key] ?? 0), "\(month) \(family)\(key): report \(actual), hledger \(sums[family + key] ?? 0)")
                let planned = ((row["planned"] as? [String: String])?[month]).flatMap { Decimal(string: $0) } ?? 0
                if key != "hors prévision" {
                    #expect(planned == (plans[kind + ":" + key] ?? 0), "\(month) \(key): report \(planned), month \(plans[kind + ":" + key] ?? 0)")
                }
                compared += 1
            }
            #expect(compared == rows.count)
            // Nothing hledger counts is missing from the report.
            let reported = Set(rows.compactMap { row -> String? in
                guard let key = row["key"] as? String, let kind = row["kind"] as? String else { return nil }
                return (["expense": "expenses:", "income": "income:", "saving": "savings:"][kind] ?? "?") + key
            })
            for (account, amount) in sums where account != "assets:pulpe" && amount != 0 {
                #expect(reported.contains(account), "\(month): \(account) \(amount) not in the report")
            }
        }
    }

    /// `pulpe forecast`'s first month is the current month's « Disponible » as `pulpe month` prints
    /// it; each later month's plan adds to the chain; « à ce rythme » never promises more.
    @Test func theForecastOpensOnTheMonthsDisponible() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-forecast")
        defer { home.remove() }
        let port = SandboxProcess.freePort()
        let server = try SandboxProcess(port: port)
        defer { server.stop() }
        let api = try Replica.signedIn(port: port, home: home.path)
        #expect(try Shell.pulpe(["sync"] + api, home: home.path).status == 0)
        let run = try Shell.pulpe(["forecast", "--months", "4", "--json"] + api, home: home.path)
        #expect(run.status == 0, "\(run)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any], "\(run)")
        let months = try #require(object["months"] as? [[String: String]], "\(run.out)")
        #expect(months.count == 4)
        let shown = try Shell.pulpe(["month", "--json"] + api, home: home.path)
        let month = try #require(try JSONSerialization.jsonObject(with: Data(shown.out.utf8)) as? [String: Any], "\(shown)")
        #expect(months.first?["available"] == month["remaining"] as? String, "forecast \(run.out) — month \(shown.out)")
        #expect(months.first?["month"] == month["month"] as? String, "\(shown.out)")
        // The month's trajectory (issue 63) arrives on its « Disponible ».
        let trajectory = try #require(month["trajectory"] as? [String: Any], "\(shown.out)")
        #expect((trajectory["landing"] as? [String])?.last == month["remaining"] as? String, "\(trajectory)")
        #expect(trajectory["estimated"] as? String == month["remaining"] as? String)
        for entry in months {
            let available = try #require(entry["available"].flatMap { Decimal(string: $0) })
            let projected = try #require(entry["projected"].flatMap { Decimal(string: $0) })
            #expect(projected <= available, "\(entry)")
        }
        // « Bilan du mois » (issue 63): the period just closed, what it carries into this one.
        let recap = try Shell.pulpe(["month", "--recap", "--json"] + api, home: home.path)
        let closed = try #require(try JSONSerialization.jsonObject(with: Data(recap.out.utf8)) as? [String: Any], "\(recap)")
        let previous = try #require(closed["month"] as? String)
        let previousMonth = try Shell.pulpe(["month", previous, "--json"] + api, home: home.path)
        let previousObject = try #require(try JSONSerialization.jsonObject(with: Data(previousMonth.out.utf8)) as? [String: Any])
        #expect(closed["carried"] as? String == previousObject["remaining"] as? String, "\(recap.out)")
        #expect(month["rollover"] as? String == previousObject["remaining"] as? String, "carried into the current month: \(shown.out)")
        let figures = ["income", "expenses", "savings", "result"].compactMap { (closed[$0] as? String).flatMap { Decimal(string: $0) } }
        #expect(figures.count == 4 && figures[0] - figures[1] - figures[2] == figures[3], "\(recap.out)")
        let words = try Shell.pulpe(["month", "--recap"] + api, home: home.path)
        #expect(words.status == 0 && words.out.contains("Bilan de") && words.out.contains("Reporté sur"), "\(words)")
        let table = try Shell.pulpe(["forecast", "--months", "2"] + api, home: home.path)
        #expect(table.status == 0 && table.out.contains("À ce rythme") && table.out.contains("en cours"), "\(table)")
        #expect(try Shell.pulpe(["forecast", "--months", "25"] + api, home: home.path).status == 64)
    }
}
