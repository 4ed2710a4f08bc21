import Foundation
import PulpeCrypto
import PulpeDomain
import PulpeSandbox
import Testing

@Suite("Demo session and demo data (pulpe-api.md §5, §10, §11)", .timeLimit(.minutes(1)))
struct DemoDataTests {
    /// Starts a demo session; returns the client headers (public demo key).
    static func demoSession(_ sandbox: TestSandbox) async throws -> (HTTPResult, [String: String]) {
        let result = try await sandbox.client.post("/api/v1/demo/session", json: #"{"turnstileToken":""}"#)
        let envelope = try result.decode(DemoSessionEnvelope.self)
        return (result, ["Authorization": "Bearer \(envelope.data.session.accessToken)", "X-Client-Key": DemoSession.clientKey])
    }

    @Test("POST /demo/session → 201 {success, data:{session}, message}; the public demo key validates")
    func demoSessionEnvelope() async throws {
        try await TestSandbox.with { sandbox in
            let (result, headers) = try await Self.demoSession(sandbox)
            #expect(result.status == 201)
            let envelope = try result.decode(DemoSessionEnvelope.self)
            #expect(envelope.success && envelope.message?.isEmpty == false)
            #expect(envelope.data.session.tokenType == "bearer" && envelope.data.session.user.createdAt != nil)
            #expect(result.data?["session"]?["user"]?["email"]?.stringValue?.isEmpty == false)
            let validate = try await sandbox.client.post("/api/v1/encryption/validate-key",
                                                         object: ["clientKey": DemoSession.clientKey],
                                                         headers: ["Authorization": headers["Authorization"]!])
            #expect(validate.status == 204)
            let strict = try await sandbox.client.post("/api/v1/demo/session", json: #"{"turnstileToken":"","x":1}"#)
            #expect(strict.code == "ERR_ZOD_VALIDATION_FAILED")
        }
    }

    @Test("Demo data: 15 months around today, pay day 25 in CHF, one deficit month, totals by the shared formulas")
    func demoDataSanity() async throws {
        try await TestSandbox.with({ $0.today = CalendarDay(year: 2026, month: 11, day: 21) }) { sandbox in
            let (_, headers) = try await Self.demoSession(sandbox)
            let settings = try await sandbox.client.get("/api/v1/users/settings", headers: headers)
            #expect(try settings.decode(SuccessEnvelope<UserSettings>.self).data
                == UserSettings(payDayOfMonth: 25, currency: .chf, showCurrencySelector: false))

            let list = try await sandbox.client.get("/api/v1/budgets", headers: headers)
            let budgets = try list.decode(SuccessEnvelope<[Budget]>.self).data
            #expect(budgets.count >= 14)
            // 2026-11-21 with pay day 25 is in the November budget (25 Oct – 24 Nov): window Nov 2025 … Jan 2027.
            let current = PayDayCalendar.budgetMonth(for: CalendarDay(year: 2026, month: 11, day: 21)!, payDay: 25)
            #expect(current == BudgetMonth(year: 2026, month: 11))
            #expect(budgets.first?.budgetMonth == current.advanced(by: 2))
            #expect(budgets.last?.budgetMonth == current.advanced(by: -12))
            #expect(budgets.contains { ($0.remaining ?? 0) < 0 }, "at least one month in deficit")

            var deltas: [MonthDelta] = []
            var sawFree = false, sawAllocated = false, sawUnchecked = false, sawAccent = false
            for budget in budgets.reversed() {
                let result = try await sandbox.client.get("/api/v1/budgets/\(budget.id)/details", headers: headers)
                let details = try result.decode(SuccessEnvelope<BudgetDetails>.self).data
                let ownDelta = BudgetMath.ownDelta(lines: details.budgetLines, transactions: details.transactions)
                #expect(details.budget.endingBalance == ownDelta, "\(budget.budgetMonth)")
                deltas.append(MonthDelta(month: budget.budgetMonth, ownDelta: ownDelta))
                let expected = BudgetMath.rollover(for: budget.budgetMonth, in: deltas)
                #expect(details.budget.rollover == expected, "\(budget.budgetMonth)")
                #expect(details.totals.remaining == budget.remaining, "\(budget.budgetMonth)")
                let period = PayDayCalendar.period(of: budget.budgetMonth, payDay: 25)
                for transaction in details.transactions {
                    let day = transaction.day(in: LocalZone(TimeZone(identifier: "Europe/Zurich")!))
                    #expect(period.contains(day), "\(transaction.name) on \(day) outside \(budget.budgetMonth)")
                    #expect(day <= CalendarDay(year: 2026, month: 11, day: 21)!)
                    sawFree = sawFree || transaction.isFree
                    sawAllocated = sawAllocated || !transaction.isFree
                    sawUnchecked = sawUnchecked || transaction.checkedAt == nil
                }
                sawAccent = sawAccent || details.budgetLines.contains { $0.name == "Épicerie" || $0.name == "Électricité" }
                if budget.budgetMonth > current { #expect(details.transactions.isEmpty) }
                if budget.month == 12 { #expect(details.budgetLines.contains { $0.name == "13e salaire" && $0.kind == .income }) }
            }
            #expect(sawFree && sawAllocated && sawUnchecked && sawAccent)
            let chain = BudgetMath.balances(for: deltas)
            #expect(chain.map(\.remaining) == budgets.reversed().map { $0.remaining ?? 0 })

            let templates = try await sandbox.client.get("/api/v1/budget-templates", headers: headers)
            #expect(templates.data?.arrayValue?.first?["name"] == .string("Budget standard"))
        }
    }

    @Test("--demo-extra-transactions fills the current month only, within its past days, by the formulas")
    func extraTransactions() async throws {
        let today = CalendarDay(year: 2026, month: 11, day: 21)!
        try await TestSandbox.with({ $0.today = today; $0.demoExtraTransactions = 2_000 }) { sandbox in
            let (_, headers) = try await Self.demoSession(sandbox)
            let budgets = try await sandbox.client.get("/api/v1/budgets", headers: headers)
                .decode(SuccessEnvelope<[Budget]>.self).data
            var counts: [BudgetMonth: Int] = [:]
            for budget in budgets {
                let details = try await sandbox.client.get("/api/v1/budgets/\(budget.id)/details", headers: headers)
                    .decode(SuccessEnvelope<BudgetDetails>.self).data
                counts[budget.budgetMonth] = details.transactions.count
                #expect(details.totals.remaining == budget.remaining, "\(budget.budgetMonth)")
                let period = PayDayCalendar.period(of: budget.budgetMonth, payDay: 25)
                #expect(details.transactions.allSatisfy {
                    let day = $0.day(in: LocalZone(TimeZone(identifier: "Europe/Zurich")!))
                    return period.contains(day) && day <= today
                })
            }
            let november = BudgetMonth(year: 2026, month: 11)
            #expect((counts[november] ?? 0) > 2_000)
            #expect(counts.filter { $0.key != november }.values.allSatisfy { $0 < 100 })
        }
    }

    @Test("Demo data is deterministic: two sessions get the same amounts, names and dates (but their own ids)")
    func deterministic() async throws {
        try await TestSandbox.with { sandbox in
            var snapshots: [[String]] = []
            var ids: [Set<String>] = []
            for _ in 0..<2 {
                let (_, headers) = try await Self.demoSession(sandbox)
                let budgets = try await sandbox.client.get("/api/v1/budgets", headers: headers)
                    .decode(SuccessEnvelope<[Budget]>.self).data
                var rows: [String] = []
                for budget in budgets {
                    let details = try await sandbox.client.get("/api/v1/budgets/\(budget.id)/details", headers: headers)
                        .decode(SuccessEnvelope<BudgetDetails>.self).data
                    rows += details.transactions.map { "\(budget.budgetMonth) \($0.name) \($0.amount) \($0.transactionDate.timeIntervalSince1970)" }
                    rows.append("\(budget.budgetMonth) remaining \(budget.remaining ?? 0)")
                }
                snapshots.append(rows.sorted())
                ids.append(Set(budgets.map(\.id)))
            }
            #expect(snapshots[0] == snapshots[1])
            #expect(ids[0].isDisjoint(with: ids[1]))
        }
    }

    @Test("The demo login: demo@pulpe.local / pulpe-demo / PIN 1234 derives the key that validates")
    func demoLogin() async throws {
        try await TestSandbox.with({ $0.seedsDemoAccount = true }) { sandbox in
            let session = try await sandbox.login(email: DemoAccount.email, password: DemoAccount.password)
            let bearer = ["Authorization": "Bearer \(session.accessToken)"]
            let salt = try await sandbox.client.get("/api/v1/encryption/salt", headers: bearer).decode(EncryptionSalt.self)
            #expect(salt.kdfIterations == 600_000)
            let key = try ClientKey.derive(pin: DemoAccount.pin, saltHex: salt.salt, iterations: salt.kdfIterations)
            #expect(try await sandbox.client.post("/api/v1/encryption/validate-key", object: ["clientKey": key], headers: bearer).status == 204)
            let budgets = try await sandbox.client.get("/api/v1/budgets", headers: bearer.merging(["X-Client-Key": key]) { $1 })
            #expect((budgets.data?.arrayValue?.count ?? 0) >= 14)
        }
    }
}
