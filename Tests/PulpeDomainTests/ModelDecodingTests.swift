import Foundation
import Testing
@testable import PulpeDomain

@Suite("Decoding the wire format")
struct ModelDecodingTests {
    @Test func fullBudgetList() throws {
        let envelope = try decode(SuccessEnvelope<[Budget]>.self, Fixtures.budgetList)
        #expect(envelope.success)
        #expect(envelope.message == nil)
        let budgets = envelope.data
        #expect(budgets.count == 2)
        let november = budgets[0]
        #expect(november.id == "7a1e0c1e-6f0b-4c55-9d0e-2b3c4d5e6f70")
        #expect(november.budgetMonth == BudgetMonth(year: 2026, month: 11))
        #expect(november.templateId == "11111111-2222-4333-8444-555555555555")
        #expect(november.remaining == dec("1234.56"))
        #expect(november.endingBalance == dec("650.25"))
        #expect(november.ownDelta == dec("650.25"))
        #expect(november.rollover == nil)
        #expect(november.createdAt == instant("2026-11-01T08:00:00.123456Z"))
        #expect(november.updatedAt == instant("2026-11-20T19:45:12.500Z"))
    }

    @Test func omittedEndingBalanceReadsAsZero() throws {
        let budgets = try decode(SuccessEnvelope<[Budget]>.self, Fixtures.budgetList).data
        let october = budgets[1]
        #expect(october.endingBalance == nil)
        #expect(october.ownDelta == 0)
        #expect(october.description == "Octobre")
        #expect(october.remaining == dec("584.31"))
    }

    @Test func singleBudgetFormHasNeitherRemainingNorRollover() throws {
        let json = #"{"success":true,"data":{"id":"b","createdAt":"2026-11-01T08:00:00+00:00","updatedAt":"2026-11-01T08:00:00+00:00","userId":"u","templateId":"t","month":3,"year":2026}}"#
        let budget = try decode(SuccessEnvelope<Budget>.self, json).data
        #expect(budget.remaining == nil)
        #expect(budget.rollover == nil)
        #expect(budget.description == "")
        #expect(budget.ownDelta == 0)
    }

    @Test func sparseList() throws {
        let items = try decode(SuccessEnvelope<[BudgetSummary]>.self, Fixtures.sparseList).data
        #expect(items.map(\.id) == ["a", "b", "c"])
        #expect(items.map(\.remaining) == [dec("1234.56"), dec("-250"), 0])
        #expect(items[0].budgetMonth == BudgetMonth(year: 2026, month: 11))
        #expect(items[0].totalIncome == nil)
        #expect(items[0].rollover == nil)
        let bare = try decode(BudgetSummary.self, #"{"id":"z"}"#)
        #expect(bare.budgetMonth == nil)
        #expect(try encodeText(bare) == #"{"id":"z"}"#)
    }

    @Test func detailsWithUnknownKeys() throws {
        let details = try decode(SuccessEnvelope<BudgetDetails>.self, Fixtures.details).data
        #expect(details.budget.rollover == dec("500"))
        #expect(details.budget.previousBudgetId == "b-10")
        #expect(details.budget.endingBalance == dec("400"))
        #expect(details.transactions.map(\.id) == ["tx-2", "tx-1"])
        #expect(details.budgetLines.map(\.id) == ["l-salary", "l-rent", "l-food"])

        let rent = details.budgetLines[1]
        #expect(rent.isManuallyAdjusted)
        #expect(rent.checkedAt == instant("2026-11-01T08:00:00Z"))
        #expect(rent.recurrence == .fixed)
        let food = details.budgetLines[2]
        #expect(food.recurrence == .oneOff)
        #expect(food.templateLineId == nil)
        #expect(food.amount == dec("100"))

        // Totals: income 5200; expenses = rent 4000 + max(100, 187.55) + free 12.50 = 4200.05.
        let totals = details.totals
        #expect(totals.totalIncome == dec("5200"))
        #expect(totals.totalExpenses == dec("4200.05"))
        #expect(totals.totalSavings == 0)
        #expect(totals.available == dec("5700"))
        #expect(totals.remaining == dec("1499.95"))
        #expect(totals.ownDelta == dec("999.95"))
        #expect(details.lineConsumptions[2].overage == dec("87.55"))
        #expect(details.transactions(allocatedTo: "l-food").map(\.id) == ["tx-1"])
    }

    @Test func transactionWithMicrosecondsAndOffset() throws {
        let details = try decode(SuccessEnvelope<BudgetDetails>.self, Fixtures.details).data
        let coffee = details.transactions[0]
        #expect(coffee.amount == dec("12.5"))
        #expect(coffee.name == "Café")
        #expect(coffee.isFree)
        #expect(coffee.isChecked)
        #expect(coffee.kind == .expense)
        #expect(coffee.transactionDate == instant("2026-11-21T12:32:00.123456Z"))
        #expect(coffee.day(in: zurich) == day(2026, 11, 21))
        #expect(DateFormatting.time(coffee.transactionDate, in: zurich) == "13:32")
        let groceries = details.transactions[1]
        #expect(groceries.budgetLineId == "l-food")
        #expect(groceries.checkedAt == nil)
        #expect(groceries.tagIds == ["tag-1"])
        #expect(groceries.amount == dec("187.55"))
    }

    @Test func transactionEncodesNullsLikeTheBackend() throws {
        let tx = Transaction(id: "t", createdAt: instant("2026-11-21T12:00:00Z"), updatedAt: instant("2026-11-21T12:00:00Z"),
                             budgetId: "b", amount: dec("12.5"), name: "Café", kind: .expense,
                             transactionDate: instant("2026-11-21T12:00:00Z"))
        let text = try encodeText(tx)
        #expect(text == #"{"amount":12.5,"budgetId":"b","budgetLineId":null,"checkedAt":null,"createdAt":"2026-11-21T12:00:00.000000+00:00","id":"t","kind":"expense","name":"Café","tagIds":[],"transactionDate":"2026-11-21T12:00:00.000000+00:00","updatedAt":"2026-11-21T12:00:00.000000+00:00"}"#)
        #expect(try decode(Transaction.self, text) == tx)
    }

    @Test func budgetRoundTripsInEachForm() throws {
        let list = try decode(SuccessEnvelope<[Budget]>.self, Fixtures.budgetList).data
        for budget in list {
            #expect(try decode(Budget.self, encodeText(budget)) == budget)
        }
        let details = try decode(SuccessEnvelope<BudgetDetails>.self, Fixtures.details).data
        #expect(try decode(BudgetDetails.self, encodeText(details)) == details)

        var first = details.budget
        first.previousBudgetId = nil
        let text = try encodeText(first)
        #expect(text.contains(#""previousBudgetId":null"#))
        #expect(text.contains(#""rollover":500"#))
        #expect(!text.contains("remaining"))

        let listText = try encodeText(list[1])
        #expect(!listText.contains("previousBudgetId"))
        #expect(!listText.contains("endingBalance"))
        #expect(listText.contains(#""remaining":584.31"#))
    }

    @Test func unknownKindFailsUnknownRecurrenceIsKept() throws {
        let base = #"{"id":"l","budgetId":"b","name":"x","amount":1,"kind":"KIND","recurrence":"REC","createdAt":"2026-01-01T00:00:00Z","updatedAt":"2026-01-01T00:00:00Z"}"#
        #expect(throws: (any Error).self) {
            try decode(BudgetLine.self, base.replacingOccurrences(of: "KIND", with: "gift").replacingOccurrences(of: "REC", with: "fixed"))
        }
        let line = try decode(BudgetLine.self, base.replacingOccurrences(of: "KIND", with: "saving").replacingOccurrences(of: "REC", with: "variable"))
        #expect(line.recurrence == .other("variable"))
        #expect(line.recurrence.rawValue == "variable")
        #expect(line.kind == .saving)
        #expect(line.tagIds == [])
        #expect(!line.isManuallyAdjusted)
    }

    @Test func userSettings() throws {
        let settings = try decode(SuccessEnvelope<UserSettings>.self, Fixtures.settings).data
        #expect(settings.payDayOfMonth == 25)
        #expect(settings.currency == .eur)
        #expect(settings.showCurrencySelector == true)
        let calendar = try decode(UserSettings.self, #"{"payDayOfMonth":null,"currency":"CHF","showCurrencySelector":false}"#)
        #expect(calendar.payDayOfMonth == nil)
        #expect(calendar.currency == .chf)
        let odd = try decode(UserSettings.self, #"{"currency":"USD"}"#)
        #expect(odd.currency == .chf)
        #expect(try encodeText(calendar) == #"{"currency":"CHF","payDayOfMonth":null,"showCurrencySelector":false}"#)
    }

    @Test func templates() throws {
        let templates = try decode(SuccessEnvelope<[BudgetTemplate]>.self, Fixtures.templates).data
        #expect(templates == [
            BudgetTemplate(id: "t-1", name: "Mois standard", description: "Mon modèle", isDefault: true),
            BudgetTemplate(id: "t-2", name: "Vacances"),
        ])
    }

    @Test func maintenanceStatus() throws {
        let on = try decode(MaintenanceStatus.self, #"{"maintenanceMode":true,"message":"Application en maintenance — réessaie plus tard"}"#)
        #expect(on == .on)
        let off = try decode(MaintenanceStatus.self, #"{"maintenanceMode":false,"message":null}"#)
        #expect(off == .off)
        #expect(try encodeText(MaintenanceStatus.off) == #"{"maintenanceMode":false,"message":null}"#)
        #expect(throws: (any Error).self) { try decode(MaintenanceStatus.self, #"{"message":null}"#) }
    }

    @Test func healthAndExistence() throws {
        #expect(try decode(HealthStatus.self, #"{"status":"healthy"}"#).isHealthy)
        #expect(try !decode(HealthStatus.self, #"{"status":"degraded"}"#).isHealthy)
        #expect(try decode(BudgetExistence.self, #"{"hasBudget":true}"#).hasBudget)
    }

    @Test func tokenAnswer() throws {
        let session = try decode(AuthSession.self, Fixtures.tokenAnswer)
        #expect(session.accessToken == "eyJhbGciOi.jwt.sig")
        #expect(session.tokenType == "bearer")
        #expect(session.expiresIn == 3600)
        #expect(session.expiresAt == 1_786_107_600)
        #expect(session.refreshToken == "r3fr3sh")
        #expect(session.user == AuthUser(id: "0f0e0d0c-0b0a-4909-8807-060504030201", email: "alice@example.ch"))
        let received = Date(timeIntervalSince1970: 1_786_104_000)
        #expect(session.expiryDate(receivedAt: received) == Date(timeIntervalSince1970: 1_786_107_600))
        #expect(!session.needsRefresh(now: received, receivedAt: received))
        #expect(session.needsRefresh(now: received.addingTimeInterval(3541), receivedAt: received))
        #expect(!session.needsRefresh(now: received.addingTimeInterval(3539), receivedAt: received))

        var noExpiresAt = session
        noExpiresAt.expiresAt = nil
        #expect(noExpiresAt.expiryDate(receivedAt: Date(timeIntervalSince1970: 100)) == Date(timeIntervalSince1970: 3700))
        #expect(try decode(AuthSession.self, encodeText(session)) == session)
    }

    @Test func demoSessionEnvelope() throws {
        let envelope = try decode(DemoSessionEnvelope.self, Fixtures.demoSession)
        #expect(envelope.message == "Demo session created successfully")
        #expect(envelope.data.session.accessToken == "demo-access")
        #expect(envelope.data.session.user.email == "demo-1@pulpe.app")
        #expect(envelope.data.session.user.createdAt == instant("2026-08-07T12:00:00.654321Z"))
        #expect(DemoSession.clientKey == "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef")
        #expect(ClientKeyValidationRequest.isWellFormed(DemoSession.clientKey))
    }

    @Test func authRequestsAndErrors() throws {
        #expect(try encodeText(PasswordGrantRequest(email: "a@b.ch", password: "pw")) == #"{"email":"a@b.ch","password":"pw"}"#)
        #expect(try encodeText(RefreshGrantRequest(refreshToken: "r")) == #"{"refresh_token":"r"}"#)
        #expect(try encodeText(DemoSessionRequest()) == #"{"turnstileToken":""}"#)

        let old = try decode(AuthErrorBody.self, #"{"error":"invalid_grant","error_description":"Invalid login credentials"}"#)
        #expect(old.isInvalidCredentials)
        #expect(old.messageText == "Invalid login credentials")
        let newer = try decode(AuthErrorBody.self, #"{"code":400,"error_code":"invalid_credentials","msg":"Invalid login credentials"}"#)
        #expect(newer.isInvalidCredentials)
        #expect(newer.errorCode == "invalid_credentials")
        #expect(newer.messageText == "Invalid login credentials")
        let other = try decode(AuthErrorBody.self, #"{"error":"invalid_request","error_description":"missing"}"#)
        #expect(!other.isInvalidCredentials)
        #expect(try encodeText(AuthErrorBody.invalidCredentials) == #"{"code":"invalid_credentials","error":"invalid_grant","error_description":"Invalid login credentials"}"#)
    }

    @Test func encryptionBodies() throws {
        let salt = try decode(EncryptionSalt.self, #"{"salt":"00000000000000000000000000000000","kdfIterations":600000,"hasRecoveryKey":false}"#)
        #expect(salt.kdfIterations == 600_000)
        #expect(salt.hasAcceptableIterations)
        #expect(!EncryptionSalt(salt: "", kdfIterations: 499_999).hasAcceptableIterations)
        #expect(EncryptionSalt(salt: "", kdfIterations: 2_000_000).hasAcceptableIterations)
        #expect(!EncryptionSalt(salt: "", kdfIterations: 2_000_001).hasAcceptableIterations)
        #expect(ClientKeyValidationRequest.isWellFormed("c150d657df80140246db4ccba862aedcaa29e8f8d12adb552b07f56d7c499ef3"))
        #expect(!ClientKeyValidationRequest.isWellFormed(String(repeating: "0", count: 64)))
        #expect(!ClientKeyValidationRequest.isWellFormed(String(repeating: "a", count: 63)))
        #expect(!ClientKeyValidationRequest.isWellFormed(String(repeating: "g", count: 64)))
    }

    @Test func newBudgetBody() throws {
        #expect(try encodeText(NewBudget(month: 12, year: 2026, templateId: "t")) == #"{"month":12,"templateId":"t","year":2026}"#)
    }
}
