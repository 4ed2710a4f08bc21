import Foundation
import PulpeTestSupport
import Testing

/// The query language end to end (issue 61, docs/query.md): with the real binaries, one query gives
/// the same rows through `pulpe query --json`, the TUI's `/` on the month and `S` across months —
/// a write still in the outbox included and marked; a query that does not read exits 64 with its
/// column, and stores nothing.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct QueryE2ETests {
    typealias Shell = ShellAddE2ETests

    static func query(_ text: String, _ rig: StaleKeyE2ETests.SignedIn) throws -> (total: String, rows: [[String: Any]]) {
        let run = try Shell.pulpe(["query", text, "--json"] + rig.api, home: rig.home.path)
        #expect(run.status == 0, "\(run)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any], "\(run)")
        return (try #require(json["total"] as? String), try #require(json["matches"] as? [[String: Any]]))
    }

    @Test func oneQueryTheSameRowsInTheShellAndTheTUIWhatWaitsIncluded() throws {
        let rig = try StaleKeyE2ETests.SignedIn("pulpe-query", keepingData: true)
        defer { rig.stop() }
        #expect(try Shell.pulpe(["sync"] + rig.api, home: rig.home.path).status == 0)
        // A write that waits: the server away, `pulpe add` stores it (75).
        rig.server.stop()
        let queued = try Shell.pulpe(["add", "--wait", "1"] + rig.api + ["91.35", "Kiosque à journaux"], home: rig.home.path)
        #expect(queued.status == 75, "\(queued)")

        let text = "kind:expense amt:>90 month:thismonth"
        let (total, rows) = try Self.query(text, rig)
        #expect(!rows.isEmpty)
        let kiosque = try #require(rows.first { $0["name"] as? String == "Kiosque à journaux" }, "\(rows)")
        #expect(kiosque["pending"] as? Bool == true && kiosque["amount"] as? String == "91.35", "\(kiosque)")
        for row in rows {
            #expect(row["kind"] as? String == "expense")
            #expect((Decimal(string: row["amount"] as? String ?? "0") ?? 0) > 90, "\(row)")
        }
        let sum = rows.reduce(Decimal(0)) { $0 - (Decimal(string: $1["amount"] as? String ?? "0") ?? 0) }
        #expect(Decimal(string: total) == sum, "the total takes every expense away")
        #expect(try Self.query("not:pending:yes " + text, rig).rows.count == rows.count - 1)

        // The TUI, offline (the server away): `/` keeps as many rows of the month shown, the same names.
        let p = try StaleKeyE2ETests.startTUI(port: rig.port, home: rig.home.path)
        defer { p.terminate() }
        #expect(p.waitText("Hors ligne", timeout: 15), "\(p.screen.text)")
        p.settle(quiet: 0.3)
        p.send("/")
        p.send(text)
        #expect(p.pump(timeout: 5) { $0.text.contains("Transactions (\(rows.count)/") }, "\(rows.count) rows\n\(p.screen.text)")
        for row in rows {
            let name = try #require(row["name"] as? String)
            #expect(p.screen.text.contains(String(name.prefix(20))), "\(name)\n\(p.screen.text)")
        }
        p.sendKey(.escape)
        p.settle(quiet: 0.5)
        // `S`: the same query across every month.
        p.send("S")
        #expect(p.waitText("Rechercher dans tous les mois", timeout: 5), "\(p.screen.text)")
        p.send(text)
        p.sendKey(.enter)
        let count = rows.count == 1 ? "1 résultat" : "\(rows.count) résultats"
        #expect(p.pump(timeout: 5) { $0.text.contains(count) }, "\(count)\n\(p.screen.text)")
        p.sendKey(.escape)
        p.settle(quiet: 0.5)
        p.send("q")
        _ = p.waitExit()

        // A query that does not read: 64, its column, nothing else said.
        let bad = try Shell.pulpe(["query", "kiosque amt:>abc"] + rig.api, home: rig.home.path)
        #expect(bad.status == 64, "\(bad)")
        #expect(bad.out.isEmpty)
        #expect(bad.err == "pulpe: Requête illisible — query: column 9: `amt:>abc`: an amount is a number such as 20 or 12.50, "
                + "with >, >=, <, <= or a range 20..50\n", "\(bad)")
    }
}
