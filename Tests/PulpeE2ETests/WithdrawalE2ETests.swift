import Foundation
import PulpeDomain
import PulpeTestSupport
import Testing

/// « Piocher dans son épargne » from the shell (decision 124, §16.4): the pair — the income in the
/// current period, its saving in the next — made once even when the first answer is lost (the
/// idempotency key resent); its repayment taken back alone; another pair taken back whole.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct WithdrawalE2ETests {
    @Test func thePairLandsOnceAndItsRepaymentGoesAlone() throws {
        let home = try TemporaryDirectory(prefix: "pulpe-withdraw")
        defer { home.remove() }
        let data = try TemporaryDirectory(prefix: "pulpe-withdraw-server")
        defer { data.remove() }
        let port = SandboxProcess.freePort()
        let api = ["--api-url", "http://127.0.0.1:\(port)/api/v1"]
        let server = try SandboxProcess(port: port, dataDir: data.path)
        defer { server.stop() }
        let email = try OutboxFaultInjectionTests.demoSession(port: port, home: home.path)
        let pulpe = { (arguments: [String]) in try ShellAddE2ETests.pulpe(arguments, home: home.path) }
        #expect(try pulpe(["sync"] + api).status == 0)
        let zone = LocalZone(TimeZone(identifier: "Europe/Zurich")!)
        let today = ProcessInfo.processInfo.environment["PULPE_TODAY"].flatMap(CalendarDay.init(iso:)) ?? CalendarDay(Date(), in: zone)
        let current = PayDayCalendar.budgetMonth(for: today, payDay: 25)
        func pair(_ name: String) throws -> [(BudgetMonth, String, String)] {
            try SandboxProcess.listing(port: port, email: email, of: "budget-lines")
                .filter { [name, WithdrawalPlan.defaultSavingName].contains($0["name"] as? String ?? "") }
                .map { (BudgetMonth(year: $0["year"] as? Int ?? 0, month: $0["month"] as? Int ?? 0), $0["name"] as? String ?? "",
                        "\($0["amount"] ?? "")") }
                .sorted { $0.0 < $1.0 }
        }

        try server.setLatency(milliseconds: 2500, pathPrefix: "/api/v1/budget-lines/savings-withdrawal")
        let taken = try pulpe(["withdraw", "300", "--from", "Compte épargne", "--wait", "1"] + api)
        #expect(taken.status == 75, "the answer outlives --wait: \(taken)")
        Thread.sleep(forTimeInterval: 3)
        try server.setLatency(milliseconds: 0)
        #expect(try pulpe(["sync"] + api).status == 0)
        #expect(try pulpe(["pending"] + api).out == "Rien en attente\n")
        let made = try pair("Compte épargne")
        #expect(made.map(\.0) == [current, current.next] && made.map(\.2) == ["300", "300"], "once, in both months: \(made)")
        let month = try pulpe(["month", "--json"] + api)
        #expect(month.out.contains("\"Compte épargne\""), "\(month.out.prefix(300))")

        let kept = try pulpe(["withdraw", "cancel", "Compte épargne", "--keep-income"] + api)
        #expect(kept.status == 0 && kept.out.contains("Ne pas remettre sur ton épargne"), "\(kept)")
        #expect(try pair("Compte épargne").map(\.1) == ["Compte épargne"], "the repayment alone went")
        let refused = try pulpe(["withdraw", "cancel", "Loyer"] + api)
        #expect(refused.status == 65 && refused.err.contains("n’a pas été pris sur ton épargne"), "\(refused)")
    }
}
