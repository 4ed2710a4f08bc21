import Foundation
@testable import PulpeNetworking
import PulpeDomain
import PulpeSandbox
import Testing
import PulpeCurlTransport

@Suite("Against the in-process sandbox over loopback", .serialized, .timeLimit(.minutes(1)))
struct SandboxIntegrationTests {
    @Test("Password login, PIN derivation and validation, authenticated reads")
    func loginPinAndReads() async throws {
        try await SandboxRig.with { rig in
            try await rig.logInDemoAccount()
            #expect(await rig.network.clientKeys.isUnlocked)
            #expect(posixMode(rig.sessionStore.fileURL.path) == 0o600)

            let budgets = try await rig.client.budgets()
            #expect(!budgets.isEmpty)
            #expect(budgets.contains { ($0.remaining ?? 0) != 0 })
            #expect(budgets == budgets.sorted { ($0.year, $0.month) > ($1.year, $1.month) })

            let settings = try await rig.client.userSettings()
            #expect(settings.payDayOfMonth == DemoAccount.payDayOfMonth)

            let year = try #require(budgets.first?.year)
            let summaries = try await rig.client.budgetSummaries(fields: [.month, .year, .remaining], year: year, limit: 12)
            #expect(!summaries.isEmpty && summaries.allSatisfy { $0.year == year && $0.remaining != nil && $0.totalIncome == nil })

            let details = try await rig.client.budgetDetails(id: budgets[0].id)
            #expect(details.budget.id == budgets[0].id)
            #expect(details.budget.rollover != nil)
            #expect(try await rig.client.transactions(budgetId: budgets[0].id).count == details.transactions.count)
            #expect(try await rig.client.budgetExists())
            #expect(try await rig.client.health().isHealthy)
            #expect(try await rig.client.maintenanceStatus() == .off)
            _ = try await rig.client.appVersion()
            #expect(await rig.network.connectivity.state == .online)
        }
    }

    @Test("Wrong PIN → wrongClientKey, nothing unlocked; the validation throttle → rateLimited")
    func wrongPinAndThrottle() async throws {
        try await SandboxRig.with { rig in
            try await rig.network.sessions.logIn(email: DemoAccount.email, password: DemoAccount.password)
            let error = await pulpeError { try await rig.network.clientKeys.unlock(pin: "0000") }
            #expect(error?.kind == .wrongClientKey)
            #expect(await rig.network.clientKeys.isUnlocked == false)

            let wrongKey = String(repeating: "ab", count: 32)
            for _ in 0..<4 {
                let again = await pulpeError { try await rig.client.validateClientKey(wrongKey) }
                #expect(again?.kind == .wrongClientKey)
            }
            let throttled = await pulpeError { try await rig.client.validateClientKey(wrongKey) }
            guard case .rateLimited(let retryAfter)? = throttled?.kind else {
                Issue.record("expected rateLimited, got \(String(describing: throttled))")
                return
            }
            #expect(retryAfter.map { $0 > .zero && $0 <= .seconds(60) } == true)
        }
    }

    @Test("Wrong credentials → invalidCredentials")
    func wrongCredentials() async throws {
        try await SandboxRig.with { rig in
            let error = await pulpeError {
                try await rig.network.sessions.logIn(email: DemoAccount.email, password: "not-the-password")
            }
            #expect(error?.kind == .invalidCredentials)
        }
    }

    @Test("Demo session with the public demo key")
    func demoSession() async throws {
        try await SandboxRig.with(configure: { $0.seedsDemoAccount = false }) { rig in
            let info = try await rig.network.sessions.startDemoSession()
            #expect(info.kind == .demo)
            try await rig.network.clientKeys.unlockDemo()
            let budgets = try await rig.client.budgets()
            #expect(budgets.contains { ($0.remaining ?? 0) != 0 })
        }
    }

    @Test("An access token the server expired: 401 → one refresh → the request succeeds")
    func refreshOn401() async throws {
        try await SandboxRig.with { rig in
            try await rig.logInDemoAccount()
            let before = try await rig.client.budgets()
            // Two hours pass on the server only: the client still believes its token valid.
            rig.serverNow.withLock { $0 = $0.addingTimeInterval(7200) }
            let after = try await rig.client.budgets()
            #expect(after.map(\.id) == before.map(\.id))
            #expect(await rig.network.sessions.refreshCount == 1)
            let stored = try rig.sessionStore.load(server: rig.network.configuration.sessionKey)
            #expect(stored?.session.expiresAt == Int64(rig.serverNow.current.timeIntervalSince1970) + 3600)
        }
    }

    @Test("Maintenance: 503 raises the signal; the status probe, health and version do not")
    func maintenance() async throws {
        try await SandboxRig.with { rig in
            try await rig.logInDemoAccount()
            let events = rig.network.maintenance.events()
            rig.server.setMaintenance(true)

            let error = await pulpeError { _ = try await rig.client.budgets() }
            #expect(error?.kind == .maintenance)
            #expect(rig.network.maintenance.raisedCount == 1)
            var iterator = events.makeAsyncIterator()
            let event = await iterator.next()
            #expect(event?.path == "/api/v1/budgets")
            #expect(event?.message == "Application en maintenance — réessaie plus tard")

            #expect(try await rig.client.maintenanceStatus() == .on)
            #expect(try await rig.client.health().isHealthy)
            _ = try await rig.client.appVersion()
            #expect(rig.network.maintenance.raisedCount == 1)

            rig.server.setMaintenance(false)
            #expect(try await rig.client.maintenanceStatus() == .off)
            #expect(!(try await rig.client.budgets()).isEmpty)
        }
    }

    @Test("Writes: idempotent create (replay → alreadyExisted), patch, toggle, delete, conflicts")
    func writes() async throws {
        try await SandboxRig.with { rig in
            try await rig.logInDemoAccount()
            let budget = try #require(try await rig.client.budgets().first)
            let id = UUID().uuidString.lowercased()
            let body = NewTransaction(id: id, budgetId: budget.id, name: "  Café  ", amount: Decimal(string: "4.50")!,
                                      kind: .expense, transactionDate: Date(), checkedAt: Date())
            guard case .created(let created) = try await rig.client.createTransaction(body) else {
                Issue.record("expected a creation")
                return
            }
            #expect(created.name == "Café")
            #expect(created.amount == Decimal(string: "4.5"))
            #expect(try await rig.client.createTransaction(body) == .alreadyExisted(id: id))

            let patched = try await rig.client.updateTransaction(id: id, TransactionChanges(name: "Thé"))
            #expect(patched.name == "Thé" && patched.isChecked, "a patch never touches the check")
            #expect(try await rig.client.toggleCheck(transactionId: id).isChecked == false)
            try await rig.client.deleteTransaction(id: id)
            let gone = await pulpeError { _ = try await rig.client.transaction(id: id) }
            #expect(gone?.kind == .notFound)
            try await rig.client.deleteTransaction(id: id)   // already gone: done, as the backend answers

            let tooBig = NewTransaction(budgetId: budget.id, name: "Yacht", amount: 1_000_001, kind: .expense)
            let refused = await pulpeError { _ = try await rig.client.createTransaction(tooBig) }
            guard case .validation(let reason, _)? = refused?.kind else {
                Issue.record("expected validation, got \(String(describing: refused))")
                return
            }
            #expect(reason?.contains("1000000") == true)

            let template = try #require(try await rig.client.budgetTemplates().first)
            let duplicate = await pulpeError {
                _ = try await rig.client.createBudget(NewBudget(month: budget.month, year: budget.year, templateId: template.id))
            }
            #expect(duplicate?.kind == .conflict(.budgetAlreadyExists))

            let badId = await pulpeError { _ = try await rig.client.budget(id: "not-a-uuid") }
            #expect(badId?.kind == .validation(reason: "Validation failed (uuid is expected)", fields: []))
            let missing = await pulpeError { _ = try await rig.client.budget(id: UUID().uuidString.lowercased()) }
            #expect(missing?.kind == .notFound)
            #expect(missing?.context.code == "ERR_BUDGET_NOT_FOUND")
            #expect(missing?.context.requestId?.count == 36)
        }
    }

    @Test("The auth server's anon key is sent as apikey; a missing one is refused by its gateway")
    func anonKey() async throws {
        try await SandboxRig.with(configure: { $0.anonKey = "sandbox-anon" }) { rig in
            let refused = await pulpeError {
                try await rig.network.sessions.logIn(email: DemoAccount.email, password: DemoAccount.password)
            }
            #expect(refused?.kind == .forbidden(.authKeyRejected))

            let configuration = try APIConfiguration.make(apiURL: rig.server.baseURL.absoluteString, authAnonKey: "sandbox-anon")
            let client = PulpeAPIClient(configuration: configuration, transport: CurlHTTPTransport())
            let session = try await client.passwordGrant(email: DemoAccount.email, password: DemoAccount.password)
            #expect(session.user.email == DemoAccount.email)
        }
    }

    @Test("Cancelling a slow request closes it at once: .cancelled")
    func cancellation() async throws {
        try await SandboxRig.with(configure: { $0.seedsDemoAccount = false }) { rig in
            rig.server.setLatency(milliseconds: 15000)
            let task = Task { await pulpeError { _ = try await rig.client.health() } }
            #expect(await rig.server.waitUntilHolding(timeout: .seconds(10)), "the request is on its way, held by the server")
            let start = ContinuousClock.now
            task.cancel()
            let error = await task.value
            #expect(error?.kind == .cancelled)
            #expect(ContinuousClock.now - start < .seconds(8))  // far below the 15 s latency; loose for loaded CI
        }
    }

    @Test("A slow server hits the operation budget: .timeout, a transport failure")
    func timeout() async throws {
        var policy = RetryPolicy.standard
        policy.operationBudget = .milliseconds(300)
        try await SandboxRig.with(timing: RequestTiming(policy: policy, jitter: .constant(0)),
                                  configure: { $0.seedsDemoAccount = false }) { rig in
            rig.server.setLatency(milliseconds: 15000)
            let start = ContinuousClock.now
            let error = await pulpeError { _ = try await rig.client.maintenanceStatus() }
            #expect(error?.kind == .timeout)
            #expect(error?.isTransport == true)
            #expect(ContinuousClock.now - start < .seconds(8))  // far below the 15 s latency; loose for loaded CI
        }
    }

    @Test("A stopped server refuses at once: offline, and the monitor says so")
    func refused() async throws {
        try await SandboxRig.with(configure: { $0.seedsDemoAccount = false }) { rig in
            let healthy = try await rig.client.health().isHealthy
            #expect(healthy)
            await rig.server.stop()
            let start = ContinuousClock.now
            let error = await pulpeError { _ = try await rig.client.maintenanceStatus() }
            #expect(error?.kind == .offline(.cannotConnect))
            #expect(error?.isTransport == true)
            #expect(error?.context.transportCode == -1004)
            #expect(ContinuousClock.now - start < .seconds(8))  // far below the 15 s latency; loose for loaded CI
            #expect(await rig.network.connectivity.state == .offline)
        }
    }
}
