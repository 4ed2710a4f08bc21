import Foundation
import PulpeTestSupport
import Testing

/// A month of 100 000 transactions from a real `pulpe-server`: it loads, the list's title counts
/// them all, End shows the oldest row with the position at the end, and the app keeps answering
/// keys (help, Home, quit). How fast is measured by `make bench` (browse, 100 000), never here.
@Suite(.serialized, .timeLimit(.minutes(6)))
struct HugeMonthE2ETests {
    static let extra = 100_000

    @Test func aMonthOf100000TransactionsLoadsScrollsToTheEndAndAnswersKeys() throws {
        let server = try SandboxProcess(port: SandboxProcess.freePort(), arguments: ["--demo-extra-transactions", "\(Self.extra)"])
        defer { server.stop() }
        let home = try TemporaryDirectory(prefix: "pulpe-huge-month")
        defer { home.remove() }
        let p = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: ["--api-url", server.apiURL],
                               env: PTYEnvironment.standard(home: home.path), rows: 30, cols: 100)
        defer { p.terminate() }
        // The server seeded its login account with the 100 000 rows before listening; a throw-away
        // demo account (Ctrl-D) would be seeded inside the request, longer than a debug build's
        // server answers within the client's 10 s idle timeout.
        #expect(p.waitText("Mot de passe", timeout: 30), "\(p.screen.text)")
        p.send("demo@pulpe.local")
        p.sendKey(.enter)
        p.send("pulpe-demo")
        p.sendKey(.enter)
        #expect(p.waitText("Code PIN", timeout: 60), "\(p.screen.text)")
        p.settle()
        p.send("1234")
        #expect(p.waitText("Mis à jour à", timeout: 180), "\(p.screen.text)")
        p.settle(quiet: 0.5, timeout: 30)

        let email = "demo@pulpe.local"
        let transactions = try server.transactions(email: email)
        // The pay-day period the panel shows (« 25.10. – 24.11. »), as dates of the latest year.
        let period = try #require(periodBounds(p.screen, latest: transactions.map(\.transactionDate).max() ?? ""),
                                  "\(p.screen.text)")
        let inMonth = transactions.filter { (period.start...period.end).contains(String($0.transactionDate.prefix(10))) }
        #expect(inMonth.count > Self.extra)
        let total = try #require(titleCount(p.screen), "\(p.screen.text)")
        #expect(total == inMonth.count, "the title counts every transaction of the month")

        // End: the last page, the position at the end, and the oldest day on the last row.
        p.sendKey(.end)
        #expect(p.pump(timeout: 30) { position($0)?.last == total }, "\(p.screen.text)")
        p.settle(quiet: 0.3, timeout: 10)
        let oldest = try #require(inMonth.map(\.transactionDate).min())
        let oldestDay = "\(oldest.dropFirst(8).prefix(2)).\(oldest.dropFirst(5).prefix(2))."   // 2026-11-01 → 01.11.
        let rows = listRows(p.screen)
        let lastRow = try #require(rows.last, "\(p.screen.text)")
        #expect(lastRow.contains(oldestDay), "last row \(lastRow), oldest day \(oldestDay)")
        #expect(position(p.screen)?.first == total - rows.count + 1, "\(p.screen.text)")

        // Down at the end changes nothing; help opens and closes; Home goes back to the top.
        let atEnd = p.screen.rowsText
        p.sendKey(.down)
        p.settle(quiet: 0.3, timeout: 10)
        #expect(Array(p.screen.rowsText.prefix(p.screen.rows - 2)) == Array(atEnd.prefix(p.screen.rows - 2)))
        p.send("?")
        #expect(p.waitText("Aide — touches", timeout: 30), "\(p.screen.text)")
        p.sendKey(.escape)
        #expect(p.pump(timeout: 30) { !$0.text.contains("Aide — touches") })
        p.sendKey(.home)
        #expect(p.pump(timeout: 30) { position($0)?.first == 1 }, "\(p.screen.text)")
        p.settle(quiet: 0.3, timeout: 10)
        let painted = p.screen.rowsText
        p.send("q")
        #expect(p.waitExit(timeout: 30) == 0)

        // Again, from the cache, the budgets held back by the server: the first screen is painted
        // from the month's preview (its first rows and stored figures) while its rows are read, with
        // the same title. End pressed at once waits for them, then shows the oldest row.
        try server.setLatency(milliseconds: 20_000, pathPrefix: "/api/v1/budgets")
        let again = try PTYProcess(BinaryLocator.path(of: "pulpe"), args: ["--api-url", server.apiURL],
                                   env: PTYEnvironment.standard(home: home.path), rows: 30, cols: 100)
        defer { again.terminate() }
        #expect(again.pump(timeout: 60) { titleCount($0) != nil }, "\(again.screen.text)")
        #expect(titleCount(again.screen) == total, "\(again.screen.text)")
        again.sendKey(.end)
        #expect(again.pump(timeout: 60) { position($0)?.last == total }, "\(again.screen.text)")
        again.settle(quiet: 0.3, timeout: 10)
        #expect(listRows(again.screen).last?.contains(oldestDay) == true, "\(again.screen.text)")
        #expect(!again.screen.text.contains("Mis à jour à"), "the cache's copy, not the server's")
        // The figures are the whole month's: the same panel as the server's copy painted above.
        let panel = { (rows: [String]) in rows.prefix(while: { !$0.contains("─ Transactions (") }).map { String($0.prefix(70)) } }
        #expect(panel(again.screen.rowsText) == panel(painted), "\(again.screen.text)")
        again.send("q")
        #expect(again.waitExit(timeout: 30) == 0)
    }

    /// « 25.10. – 24.11. » in the panel's title as ISO days; `latest` (a day of the period) says
    /// the year — of the start or of the end when the period spans New Year (« 25.12. – 24.01. »).
    private func periodBounds(_ screen: MiniVT, latest: String) -> (start: String, end: String)? {
        let text = screen.text
        guard let range = text.range(of: #"[0-3][0-9]\.[01][0-9]\. – [0-3][0-9]\.[01][0-9]\."#, options: .regularExpression),
              let year = Int(latest.prefix(4)) else { return nil }
        let numbers = text[range].split(whereSeparator: { !$0.isNumber }).map(String.init)
        guard numbers.count == 4, let startMonth = Int(numbers[1]), let endMonth = Int(numbers[3]) else { return nil }
        let latestMonth = Int(latest.dropFirst(5).prefix(2)) ?? endMonth
        let spansNewYear = startMonth > endMonth
        let startYear = spansNewYear && latestMonth != startMonth ? year - 1 : year
        let endYear = spansNewYear && latestMonth == startMonth ? year + 1 : year
        return ("\(startYear)-\(numbers[1])-\(numbers[0])", "\(endYear)-\(numbers[3])-\(numbers[2])")
    }

    /// The number in « Transactions (100 042) ».
    private func titleCount(_ screen: MiniVT) -> Int? {
        guard let range = screen.text.range(of: #"Transactions \([^)]*\)"#, options: .regularExpression) else { return nil }
        return Int(screen.text[range].filter(\.isNumber))
    }

    /// The list's position « 99 975–100 042 / 100 042 » as (first, last, count).
    private func position(_ screen: MiniVT) -> (first: Int, last: Int)? {
        let text = screen.text
        guard let range = text.range(of: #"[0-9][0-9’' .]*–[0-9][0-9’' .]* / [0-9][0-9’' .]*[0-9]"#,
                                     options: .regularExpression) else { return nil }
        let parts = text[range].split(separator: "–").flatMap { $0.split(separator: "/") }.map { Int($0.filter(\.isNumber)) }
        guard parts.count == 3, let first = parts[0], let last = parts[1] else { return nil }
        return (first, last)
    }

    /// The rows of the list: those that start (inside the frame) with a compact date « 21.11. ».
    private func listRows(_ screen: MiniVT) -> [String] {
        screen.rowsText.filter { $0.range(of: #"^[^0-9]{0,4}[0-3][0-9]\.[01][0-9]\."#, options: .regularExpression) != nil }
    }
}
