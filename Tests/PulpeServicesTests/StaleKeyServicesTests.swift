import Foundation
import Logging
import PulpeCore
import PulpeDomain
import PulpeNetworking
import PulpeSandbox
import PulpeStore
import Testing
@testable import PulpeServices

/// A kept key made stale behind the client's back (the PIN changed on another device), against the
/// real sandbox over loopback (decision 43): the zeros it reads are never returned nor cached, a
/// queued write waits instead of being refused, the key is dropped everywhere, and a restore
/// checks the kept key before trusting it.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct StaleKeyServicesTests {
    let november = BudgetMonth(year: 2026, month: 11)

    struct Rig {
        let sandbox: RunningSandbox
        let home: URL
        let environment: [String: String]
        /// The key agent every process of the rig shares (decision 103), in this process.
        let agent = InMemoryKeyAgent()

        static func start(validateKeyLimitPerMinute: Int = 5) async throws -> Rig {
            var configuration = SandboxConfiguration()
            configuration.port = 0
            configuration.validateKeyLimitPerMinute = validateKeyLimitPerMinute
            configuration.today = CalendarDay(year: 2026, month: 11, day: 21)
            let sandbox = try await SandboxServer.start(configuration)
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-stale-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            return Rig(sandbox: sandbox, home: home, environment: ["HOME": home.path])
        }

        /// A process of the client (the TUI's policy or the shell's), on the same files.
        func client(_ policy: KeyCheckPolicy) async throws -> AppServices {
            try await AppServices.start(.remote(APIConfiguration.sandbox(baseURL: sandbox.baseURL)), environment: environment,
                                        logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
                                        clock: WallClock(now: { Date() }, timeZone: LocalZone(TimeZone(identifier: "Europe/Zurich")!)),
                                        keyCheck: policy, keyAgent: agent)
        }

        /// Whether a key is kept for the rig's state (the agent holds one).
        var keyIsKept: Bool { !agent.isEmpty }

        func stop() async {
            await sandbox.stop()
            try? FileManager.default.removeItem(at: home)
        }
    }

    /// Signs in with the PIN through the services (the key is kept and its check remembered) and
    /// caches November's real figures.
    func signedIn(_ rig: Rig) async throws -> (AppServices, BudgetDetails) {
        let app = try await rig.client(.everyStart)
        guard case .signedIn = await app.services.sessions.logIn(email: DemoAccount.email, password: DemoAccount.password) else {
            throw CancellationError()
        }
        #expect(await app.services.sessions.unlock(pin: DemoAccount.pin) == .unlocked)
        guard case let .fetched(fetched) = await app.services.budgets.fetchMonth(november),
              case let .budget(details) = fetched.value else { throw CancellationError() }
        #expect(details.budgetLines.contains { $0.amount != 0 })
        return (app, details)
    }

    @Test func zerosReadWithAStaleKeyAreNeitherShownNorCachedAndTheKeyIsDropped() async throws {
        let rig = try await Rig.start()
        let (app, good) = try await signedIn(rig)
        #expect(rig.keyIsKept)
        try await rig.sandbox.seeding.changePin(email: DemoAccount.email, pin: "5678")

        #expect(await app.services.budgets.fetchMonth(november) == .failed(.keyChanged))
        // The key is gone: the year is not read with it again (what the failure says depends on the
        // connectivity monitor; the list fetched just before the change may be reused for 2 s),
        // and never as zeros.
        if case let .fetched(year) = await app.services.budgets.fetchYear(2026) {
            #expect(year.value.contains { ($0.remaining ?? 0) != 0 }, "never zeros: \(year)")
        }
        guard case let .budget(cached)? = await app.services.budgets.cachedMonth(november)?.value else {
            Issue.record("the cached month is gone")
            return
        }
        #expect(cached == good, "the good copy stays, not overwritten by zeros")
        // Still kept where it was: it alone opens the data key, re-wrapped by the next PIN (decision 104).
        #expect(rig.keyIsKept, "the refused key stays kept until the next PIN re-wraps the data key")
        #expect(await app.network.clientKeys.isUnlocked == false)
        await app.stop()
        await rig.stop()
    }

    @Test func aQueuedExpenseWaitsForTheNewPinAndIsNeverRefused() async throws {
        let rig = try await Rig.start()
        let (app, _) = try await signedIn(rig)
        let budgets = try await app.network.client.budgetSummaries(fields: [.month, .year], year: 2026, limit: 12)
        let budget = try #require(budgets.first { $0.month == 11 })
        try await rig.sandbox.seeding.changePin(email: DemoAccount.email, pin: "5678")
        let draft = ExpenseDraft(amount: 4.5, name: "Café", kind: .expense, date: CalendarDay(year: 2026, month: 11, day: 20)!,
                                 checked: false, month: november, budgetId: budget.id)
        let stored = try #require(try? await app.services.outbox.store(draft).get())
        let report = await app.services.outbox.sync { _ in }
        #expect(report.stoppedBy == .keyChanged)
        #expect(report.refused.isEmpty)
        #expect(await app.services.outbox.snapshot().items.map(\.state) == [.pending], "queued, not refused")
        #expect(await app.services.sessions.unlock(pin: "5678") == .unlocked)
        let after = await app.services.outbox.sync { _ in }
        #expect(after.sent == [stored.id])
        await app.stop()
        await rig.stop()
    }

    @Test func aRestoreChecksTheKeptKeyAndDropsARefusedOne() async throws {
        let rig = try await Rig.start()
        let (first, _) = try await signedIn(rig)
        await first.stop()
        // The shell trusts the check remembered from the PIN; the TUI asks the server again.
        let shell = try await rig.client(.remembered)
        #expect(await shell.services.sessions.restoreSession()?.isUnlocked == true)
        await shell.stop()

        try await rig.sandbox.seeding.changePin(email: DemoAccount.email, pin: "5678")
        let tui = try await rig.client(.everyStart)
        let restored = try #require(await tui.services.sessions.restoreSession())
        #expect(restored.keyWasRefused)
        #expect(!restored.isUnlocked && !restored.hasKeptKey)
        #expect(rig.keyIsKept, "kept for the next PIN's re-wrap, but no use to the session")
        await tui.stop()
        await rig.stop()
    }

    /// The TUI paints the cached month before the restore and asks the server for it as soon as
    /// the status check answers: a load made while the kept key is being checked must not read
    /// with that key (a stale one reads zeros, and checking each answer would spend validate-key's
    /// 5 calls a minute before the user could type the new PIN).
    @Test func nothingIsReadWithAKeptKeyWhileItIsBeingChecked() async throws {
        // Three checks a minute: the sign-in's PIN, the restore's and the new PIN's; a read with
        // the stale key would need a fourth to be recognised, and the new PIN would be refused.
        let rig = try await Rig.start(validateKeyLimitPerMinute: 3)
        let (first, _) = try await signedIn(rig)
        await first.stop()
        try await rig.sandbox.seeding.changePin(email: DemoAccount.email, pin: "5678")
        let tui = try await rig.client(.everyStart)
        rig.sandbox.setLatency(milliseconds: 400, pathPrefix: "/api/v1/encryption/validate-key")
        async let restored = tui.services.sessions.restoreSession()
        // The check is on its way, held by the server, before the load is made.
        #expect(await rig.sandbox.waitUntilHolding(timeout: .seconds(10)), "the restore's validate-key reached the server")
        let during = await tui.services.budgets.fetchYear(2026)
        if case let .fetched(year) = during {
            #expect(year.value.contains { ($0.remaining ?? 0) != 0 }, "never zeros: \(year)")
        }
        #expect(await restored?.keyWasRefused == true)
        rig.sandbox.setLatency(milliseconds: 0)
        #expect(await tui.services.sessions.unlock(pin: "5678") == .unlocked, "no validate-key call was spent on a stale read")
        await tui.stop()
        await rig.stop()
    }

    /// The idle lock or `L` while the server cannot be asked: the PIN reopens the screen in this
    /// process (checked against what was locked away), a wrong PIN does not, and a sign-out or a
    /// refused key leaves nothing to check against.
    @Test func aLockedScreenOpensWithItsPinWithoutTheServer() async throws {
        let rig = try await Rig.start()
        let (app, _) = try await signedIn(rig)
        #expect(await app.services.sessions.lock())
        #expect(await app.network.clientKeys.isUnlocked == false)
        await rig.sandbox.stop()
        #expect(await app.services.sessions.unlock(pin: "9999") == .failed(.wrongPin))
        #expect(await app.network.clientKeys.isUnlocked == false)
        #expect(await app.services.sessions.unlock(pin: DemoAccount.pin) == .unlocked, "offline, with its own PIN")
        #expect(await app.network.clientKeys.isUnlocked)
        #expect(await app.services.sessions.unlockLocally(pin: DemoAccount.pin) == .unlocked, "the same, behind a closed gate")
        await app.services.sessions.signOut()
        #expect(await app.services.sessions.unlockLocally(pin: DemoAccount.pin) == .failed(.maintenance),
                "signed out: nothing left to check a PIN against")
        await app.stop()
        try? FileManager.default.removeItem(at: rig.home)
    }
}
