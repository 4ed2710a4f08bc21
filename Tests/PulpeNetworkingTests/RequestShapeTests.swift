import Foundation
@testable import PulpeNetworking
import PulpeDomain
import Testing

@Suite("Requests: exact URLs, headers and body bytes")
struct RequestShapeTests {
    /// A lowercase UUID v4 (version nibble 4, variant 8–b).
    static func isLowercaseV4(_ text: String) -> Bool {
        text.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil
    }

    @Test("Create transaction: the exact body bytes (sorted keys, nulls stated) and data-route headers")
    func createTransactionBody() async throws {
        let transport = ScriptedTransport([.json(201, Fixture.success(Fixture.transactionJSON()))])
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer())
        let body = NewTransaction(id: Fixture.transactionId, budgetId: Fixture.budgetId, name: "Café", amount: Decimal(string: "12.5")!,
                                  kind: .expense, transactionDate: Fixture.now, checkedAt: Fixture.now)
        let result = try await client.createTransaction(body)
        #expect(result == .created(try PulpeJSON.decode(Transaction.self, from: Data(Fixture.transactionJSON().utf8))))

        let request = try #require(transport.requests.first)
        #expect(request.method == .post)
        #expect(request.url.absoluteString == "https://api.pulpe.test/api/v1/transactions")
        #expect(request.bodyText == """
            {"amount":12.5,"budgetId":"\(Fixture.budgetId)","budgetLineId":null,"checkedAt":"2026-11-21T12:00:00.000000+00:00",\
            "id":"\(Fixture.transactionId)","kind":"expense","name":"Café","transactionDate":"2026-11-21T12:00:00.000000+00:00"}
            """)
        #expect(request.headers["Authorization"] == "Bearer \(Fixture.accessToken)")
        #expect(request.headers["X-Client-Key"] == Fixture.clientKey)
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.headers["Accept"] == "application/json")
        #expect(request.headers["User-Agent"] == "pulpe-tui")
        #expect(request.headers["apikey"] == nil)
        let requestId = try #require(request.headers["X-Request-Id"])
        #expect(Self.isLowercaseV4(requestId))
    }

    @Test("Every attempt has its own lowercase v4 X-Request-Id")
    func requestIds() async throws {
        let transport = ScriptedTransport([.refused, .json(200, #"{"status":"healthy"}"#), .json(200, #"{"status":"healthy"}"#)])
        let client = await Fixture.client(transport)
        _ = try await client.health()
        _ = try await client.health()
        let ids = transport.requests.compactMap { $0.headers["X-Request-Id"] }
        #expect(ids.count == 3)
        #expect(Set(ids).count == 3)
        #expect(ids.allSatisfy(Self.isLowercaseV4))
    }

    @Test("Auth routes: apikey, no bearer, no client key, grant in the query, JSON body")
    func passwordGrant() async throws {
        let transport = ScriptedTransport([.json(200, Fixture.tokenJSON())])
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer())
        let session = try await client.passwordGrant(email: "demo@pulpe.local", password: "pulpe-demo")
        #expect(session.accessToken == Fixture.accessToken)
        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "https://auth.pulpe.test/auth/v1/token?grant_type=password")
        #expect(request.headers["apikey"] == Fixture.anonKey)
        #expect(request.headers["Authorization"] == nil)
        #expect(request.headers["X-Client-Key"] == nil)
        #expect(request.bodyText == #"{"email":"demo@pulpe.local","password":"pulpe-demo"}"#)
        #expect(!request.description.contains("pulpe-demo"))
    }

    @Test("No apikey header when none is configured")
    func noAnonKey() async throws {
        let transport = ScriptedTransport([.json(200, Fixture.tokenJSON())])
        let configuration = try APIConfiguration.make(apiURL: "http://127.0.0.1:3000/api/v1")
        let client = await Fixture.client(transport, configuration: configuration)
        _ = try await client.refreshGrant(refreshToken: "r1")
        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "http://127.0.0.1:3000/auth/v1/token?grant_type=refresh_token")
        #expect(request.headers["apikey"] == nil)
        #expect(request.bodyText == #"{"refresh_token":"r1"}"#)
    }

    @Test("Encryption routes carry the bearer only; public routes carry no credentials")
    func credentialsPerRoute() async throws {
        let transport = ScriptedTransport([
            .json(200, #"{"salt":"00000000000000000000000000000000","kdfIterations":600000,"hasRecoveryKey":false}"#),
            .empty(204),
            .json(200, #"{"maintenanceMode":false,"message":null}"#),
            .json(200, Fixture.success(#"{"ios":{"minVersion":"1.0.0","latestVersion":"1.2.0"},"web":{"minVersion":"1.0.0","latestVersion":"1.0.0"}}"#)),
            .json(201, Fixture.success(#"{"session":"# + Fixture.tokenJSON() + "}")),
        ])
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer())
        _ = try await client.encryptionSalt()
        try await client.validateClientKey(Fixture.clientKey)
        _ = try await client.maintenanceStatus()
        let version = try await client.appVersion()
        #expect(version.ios?.latestVersion == "1.2.0")
        _ = try await client.demoSession()

        let requests = transport.requests
        for request in requests.prefix(2) {
            #expect(request.headers["Authorization"] == "Bearer \(Fixture.accessToken)")
            #expect(request.headers["X-Client-Key"] == nil)
        }
        #expect(requests[1].bodyText == #"{"clientKey":"\#(Fixture.clientKey)"}"#)
        for request in requests.suffix(3) {
            #expect(request.headers["Authorization"] == nil)
            #expect(request.headers["X-Client-Key"] == nil)
            #expect(request.headers["apikey"] == nil)
        }
        #expect(requests[4].bodyText == #"{"turnstileToken":""}"#)
        #expect(requests.map { "\($0.method.rawValue) \($0.pathAndQuery)" } == [
            "GET /api/v1/encryption/salt", "POST /api/v1/encryption/validate-key", "GET /api/v1/maintenance/status",
            "GET /api/v1/app/version", "POST /api/v1/demo/session",
        ])
    }

    @Test("Data routes: methods, paths and queries")
    func dataRoutes() async throws {
        let transport = ScriptedTransport([
            .json(200, Fixture.success(#"{"payDayOfMonth":27,"currency":"CHF","showCurrencySelector":false}"#)),
            .json(200, Fixture.success("[" + Fixture.budgetJSON() + "]")),
            .json(200, Fixture.success(#"[{"id":"b1","month":1,"year":2026,"remaining":-12.3}]"#)),
            .json(200, Fixture.success(Fixture.budgetJSON())),
            .json(200, Fixture.success(#"{"budget":"# + Fixture.budgetJSON() + #","transactions":[],"budgetLines":[]}"#)),
            .json(200, #"{"hasBudget":true}"#),
            .json(200, Fixture.success(#"[{"id":"t1","name":"Standard","isDefault":true,"userId":"u"}]"#)),
            .json(201, Fixture.success(Fixture.budgetJSON())),
            .json(200, Fixture.success("[" + Fixture.transactionJSON() + "]")),
            .json(200, Fixture.success(Fixture.transactionJSON())),
            .json(200, Fixture.success(Fixture.transactionJSON())),
            .json(200, #"{"success":true,"message":"Transaction deleted successfully"}"#),
            .json(201, Fixture.success(Fixture.transactionJSON(checkedAt: #""2026-11-21T12:00:00+00:00""#))),
        ])
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer())
        let settings = try await client.userSettings()
        #expect(settings.payDayOfMonth == 27)
        let budgets = try await client.budgets()
        #expect(budgets.first?.remaining == Decimal(string: "1234.56"))
        let summaries = try await client.budgetSummaries(fields: [.month, .year, .remaining], year: 2026, limit: 12)
        #expect(summaries.first?.remaining == Decimal(string: "-12.3"))
        _ = try await client.budget(id: Fixture.budgetId)
        let details = try await client.budgetDetails(id: Fixture.budgetId)
        #expect(details.transactions.isEmpty)
        #expect(try await client.budgetExists())
        #expect(try await client.budgetTemplates().first?.isDefault == true)
        _ = try await client.createBudget(NewBudget(month: 12, year: 2026, templateId: "t1"))
        #expect(try await client.transactions(budgetId: Fixture.budgetId).count == 1)
        _ = try await client.transaction(id: Fixture.transactionId)
        _ = try await client.updateTransaction(id: Fixture.transactionId,
                                               TransactionChanges(name: "Thé", amount: 3.2, transactionDate: Fixture.now))
        try await client.deleteTransaction(id: Fixture.transactionId)
        #expect(try await client.toggleCheck(transactionId: Fixture.transactionId).isChecked)

        let requests = transport.requests
        #expect(requests.map { "\($0.method.rawValue) \($0.pathAndQuery)" } == [
            "GET /api/v1/users/settings",
            "GET /api/v1/budgets",
            "GET /api/v1/budgets?fields=month,year,remaining&year=2026&limit=12",
            "GET /api/v1/budgets/\(Fixture.budgetId)",
            "GET /api/v1/budgets/\(Fixture.budgetId)/details",
            "GET /api/v1/budgets/exists",
            "GET /api/v1/budget-templates",
            "POST /api/v1/budgets",
            "GET /api/v1/transactions/budget/\(Fixture.budgetId)",
            "GET /api/v1/transactions/\(Fixture.transactionId)",
            "PATCH /api/v1/transactions/\(Fixture.transactionId)",
            "DELETE /api/v1/transactions/\(Fixture.transactionId)",
            "POST /api/v1/transactions/\(Fixture.transactionId)/toggle-check",
        ])
        for request in requests {
            #expect(request.headers["X-Client-Key"] == Fixture.clientKey)
            #expect(request.headers["Authorization"] == "Bearer \(Fixture.accessToken)")
            #expect((request.headers["Content-Type"] != nil) == (request.body != nil))
        }
        #expect(requests[7].bodyText == #"{"month":12,"templateId":"t1","year":2026}"#)
        // Never `budgetLineId` nor `checkedAt`: the backend refuses them (docs/contract.md §14.1).
        #expect(requests[10].bodyText == #"{"amount":3.2,"name":"Thé","transactionDate":"2026-11-21T12:00:00.000000+00:00"}"#)
    }

    @Test("An id from elsewhere cannot add path segments")
    func pathSegmentEncoding() async throws {
        let transport = ScriptedTransport([.json(404, "")])
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer())
        _ = await pulpeError { _ = try await client.budget(id: "../users/settings?x") }
        #expect(transport.requests.first?.url.absoluteString == "https://api.pulpe.test/api/v1/budgets/..%2Fusers%2Fsettings%3Fx")
    }

    @Test("No client key unlocked → forbidden(clientKeyMissing) without sending anything")
    func missingClientKey() async {
        let transport = ScriptedTransport()
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer(), clientKey: nil)
        let error = await pulpeError { _ = try await client.budgets() }
        #expect(error?.kind == .forbidden(.clientKeyMissing))
        #expect(error?.requiresPIN == true)
        #expect(transport.requests.isEmpty)
    }

    @Test("No session → unauthorized without sending anything")
    func missingSession() async {
        let transport = ScriptedTransport()
        let client = await Fixture.client(transport)
        let error = await pulpeError { _ = try await client.encryptionSalt() }
        #expect(error?.kind == .unauthorized)
        #expect(transport.requests.isEmpty)
    }

    @Test("Secrets never show in request descriptions or error diagnostics")
    func redaction() async throws {
        let transport = ScriptedTransport([.json(500, Fixture.errorJSON(status: 500, code: "ERR_INTERNAL_SERVER"))])
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer())
        let error = try #require(await pulpeError { _ = try await client.budgets() })
        let request = try #require(transport.requests.first)
        for text in [request.description, request.headers.description, error.diagnostic, error.description, "\(error)"] {
            #expect(!text.contains(Fixture.accessToken))
            #expect(!text.contains(Fixture.clientKey))
        }
        #expect(request.headers.description.contains("Authorization: <redacted>"))
    }

    @Test("Headers: case-insensitive, replace on set, remove on nil")
    func headers() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain"]
        headers["content-type"] = "application/json"
        headers["X-A"] = "1"
        #expect(headers["CONTENT-TYPE"] == "application/json")
        #expect(headers.names == ["content-type", "X-A"])
        headers["x-a"] = nil
        #expect(!headers.contains("X-A"))
    }
}
