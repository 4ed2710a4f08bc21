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
        let rig = try DemoRig.start("pulpe-withdraw")
        defer { rig.stop() }
        let (server, current) = (rig.server, DemoRig.current)
        let pulpe = { (arguments: [String]) in try rig.pulpe(arguments) }
        func pair(_ name: String) throws -> [(BudgetMonth, String, String)] {
            try rig.listing("budget-lines")
                .filter { [name, WithdrawalPlan.defaultSavingName].contains($0["name"] as? String ?? "") }
                .map { (BudgetMonth(year: $0["year"] as? Int ?? 0, month: $0["month"] as? Int ?? 0), $0["name"] as? String ?? "",
                        "\($0["amount"] ?? "")") }
                .sorted { $0.0 < $1.0 }
        }

        try server.setLatency(milliseconds: 2500, pathPrefix: "/api/v1/budget-lines/savings-withdrawal")
        let taken = try pulpe(["withdraw", "300", "--from", "Compte épargne", "--wait", "1"])
        #expect(taken.status == 75, "the answer outlives --wait: \(taken)")
        Thread.sleep(forTimeInterval: 3)
        try server.setLatency(milliseconds: 0)
        #expect(try pulpe(["sync"]).status == 0)
        #expect(try pulpe(["pending"]).out == "Rien en attente\n")
        let made = try pair("Compte épargne")
        #expect(made.map(\.0) == [current, current.next] && made.map(\.2) == ["300", "300"], "once, in both months: \(made)")
        let month = try pulpe(["month", "--json"])
        #expect(month.out.contains("\"Compte épargne\""), "\(month.out.prefix(300))")

        let kept = try pulpe(["withdraw", "cancel", "Compte épargne", "--keep-income"])
        #expect(kept.status == 0 && kept.out.contains("Ne pas remettre sur ton épargne"), "\(kept)")
        #expect(try pair("Compte épargne").map(\.1) == ["Compte épargne"], "the repayment alone went")
        let refused = try pulpe(["withdraw", "cancel", "Loyer"])
        #expect(refused.status == 65 && refused.err.contains("n’a pas été pris sur ton épargne"), "\(refused)")
    }
}
