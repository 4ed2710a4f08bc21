import Foundation
import Logging
import PulpeCore
import PulpeDomain
import PulpeNetworking
import PulpeSandbox
import PulpeStore
import Testing
@testable import PulpeServices

/// The one sync engine against the real sandbox over loopback: stored first, sent with its own id,
/// 409 on a replay is success once, a dead claim is taken over, refusals are kept, and nothing
/// leaves the outbox while the server is away.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct SyncEngineTests {
    /// A signed-in, unlocked demo user on an in-process sandbox, with the outbox in a scratch home.
    struct Rig {
        let sandbox: RunningSandbox
        let app: AppServices
        let home: URL
        let budget: BudgetSummary

        static func start() async throws -> Rig {
            var configuration = SandboxConfiguration()
            configuration.port = 0
            configuration.today = CalendarDay(year: 2026, month: 11, day: 21)
            let sandbox = try await SandboxServer.start(configuration)
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-sync-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let app = try await AppServices.start(.remote(APIConfiguration.sandbox(baseURL: sandbox.baseURL)),
                                                  environment: ["HOME": home.path],
                                                  logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
                                                  clock: WallClock(now: { Date() }, timeZone: LocalZone(TimeZone(identifier: "Europe/Zurich")!)))
            _ = try await app.network.sessions.logIn(email: DemoAccount.email, password: DemoAccount.password)
            try await app.network.clientKeys.unlock(pin: DemoAccount.pin)
            let budgets = try await app.network.client.budgetSummaries(fields: [.month, .year], year: 2026, limit: 12)
            let november = try #require(budgets.first { $0.month == 11 })
            return Rig(sandbox: sandbox, app: app, home: home, budget: november)
        }

        func draft(_ name: String, _ amount: Decimal, budgetId: String? = nil) -> ExpenseDraft {
            ExpenseDraft(amount: amount, name: name, kind: .expense, date: CalendarDay(year: 2026, month: 11, day: 20)!,
                         checked: true, month: BudgetMonth(year: 2026, month: 11), budgetId: budgetId ?? budget.id)
        }

        /// The transactions the server holds with this name.
        func onServer(_ name: String) async throws -> [Transaction] {
            try await app.network.client.transactions(budgetId: budget.id).filter { $0.name == name }
        }

        var outbox: any OutboxService { app.services.outbox }

        func stop() async {
            await app.stop()
            await sandbox.stop()
            try? FileManager.default.removeItem(at: home)
        }
    }

    @Test func aStoredExpenseIsSentWithItsOwnIdAndLeavesTheOutbox() async throws {
        let rig = try await Rig.start()
        let stored = try #require(try? await rig.outbox.store(rig.draft("Café du test", 4.2)).get())
        #expect(await rig.outbox.snapshot().items.map(\.id) == [stored.id], "on disk before any network call")
        let events = EventLog()
        let report = await rig.outbox.sync { events.append($0) }
        #expect(report.sent == [stored.id])
        #expect(report.remaining == 0)
        let onServer = try await rig.onServer("Café du test")
        #expect(onServer.map(\.id) == [stored.id])
        #expect(onServer.first?.amount == Decimal(string: "4.2"))
        #expect(onServer.first?.checkedAt != nil)
        #expect(await rig.outbox.snapshot().items.isEmpty)
        #expect(events.all == [.sending(index: 1, total: 1), .sent(id: stored.id)])
        await rig.stop()
    }

    @Test func aReplayAfterTheServerAlreadyHasItIsSuccessOnce() async throws {
        let rig = try await Rig.start()
        let stored = try #require(try? await rig.outbox.store(rig.draft("Déjà envoyé", 7)).get())
        // The first send reached the server, but the process died before recording it.
        let body = stored.draft.newTransaction(id: stored.id, timeZone: .system).stamped(at: Date(), in: .system)
        _ = try await rig.app.network.client.createTransaction(body)
        let report = await rig.outbox.sync { _ in }
        #expect(report.sent == [stored.id], "409 ERR_TRANSACTION_ALREADY_EXISTS means done")
        #expect(try await rig.onServer("Déjà envoyé").count == 1)
        #expect(await rig.outbox.snapshot().items.isEmpty)
        await rig.stop()
    }

    /// The server's ids are unique across its users (decision 95): a create answered 409 whose id
    /// another account holds is read back (404 here), refused with why — never « already sent » —
    /// and the other account's row is left as it was.
    @Test func anIdAnotherAccountHoldsIsRefusedNotTakenForSent() async throws {
        let rig = try await Rig.start()
        let stored = try #require(try? await rig.outbox.store(rig.draft("Pris ailleurs", 8)).get())
        let otherHome = rig.home.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: otherHome, withIntermediateDirectories: true)
        let other = try await AppServices.start(.remote(APIConfiguration.sandbox(baseURL: rig.sandbox.baseURL)),
                                                environment: ["HOME": otherHome.path],
                                                logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        _ = try await other.network.sessions.startDemoSession()
        try await other.network.clientKeys.unlockDemo()
        let budgets = try await other.network.client.budgetSummaries(fields: [.month, .year], year: 2026, limit: 12)
        let theirs = try #require(budgets.first { $0.month == 11 })
        _ = try await other.network.client.createTransaction(NewTransaction(id: stored.id, budgetId: theirs.id, name: "Chez l'autre",
                                                                           amount: 3, kind: .expense))
        let events = EventLog()
        let report = await rig.outbox.sync { events.append($0) }
        #expect(report.sent.isEmpty && report.refused == [stored.id], "\(report)")
        #expect(await rig.outbox.snapshot().items.map(\.state) == [.refused(reason: .idTaken)])
        #expect(try await rig.onServer("Pris ailleurs").isEmpty)
        let kept = try await other.network.client.transactions(budgetId: theirs.id).filter { $0.id == stored.id }
        #expect(kept.map(\.name) == ["Chez l'autre"] && kept.first?.amount == 3)
        await other.stop()
        await rig.stop()
    }

    @Test func aClaimLeftByADeadProcessIsTakenOverAtOnce() async throws {
        let rig = try await Rig.start()
        let stored = try #require(try? await rig.outbox.store(rig.draft("Orphelin", 3)).get())
        let store = try #require(rig.app.outbox)
        let scope = try #require(await rig.app.network.sessions.sessionInfo.map {
            CacheScope(serverKey: rig.app.configuration.sessionKey, userId: $0.userId)
        })
        let dead = "\(ProcessInfo.processInfo.hostName)/999999/deadbeef"
        #expect(try store.claimNext(scope: scope, owner: dead, at: Date(), claimTimeout: 90)?.id == stored.id)
        #expect(OutboxOwner.isAlive(dead) == false)
        let report = await rig.outbox.sync { _ in }
        #expect(report.sent == [stored.id])
        #expect(try await rig.onServer("Orphelin").count == 1)
        await rig.stop()
    }

    /// `u` (or a delete) on an expense another send holds right now: it may land, so its delete is
    /// queued behind it; once that send ends, the server keeps neither (the CI run of 2026-12-07
    /// saw such an undo silently lost).
    @Test func removingACreationOnTheWireQueuesItsDeleteBehindIt() async throws {
        let rig = try await Rig.start()
        let stored = try #require(try? await rig.outbox.store(rig.draft("Sur le fil", 4)).get())
        let store = try #require(rig.app.outbox)
        let scope = try #require(await rig.app.network.sessions.sessionInfo.map {
            CacheScope(serverKey: rig.app.configuration.sessionKey, userId: $0.userId)
        })
        let sender = Process()
        sender.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sender.arguments = ["30"]
        try sender.run()
        let live = "\(ProcessInfo.processInfo.hostName)/\(sender.processIdentifier)/cafe0001"
        #expect(try store.claimNext(scope: scope, owner: live, at: Date(), claimTimeout: 90)?.id == stored.id)
        #expect(await rig.outbox.remove(id: stored.id) == .removed)
        let waiting = await rig.outbox.snapshot()
        #expect(waiting.items.map(\.id) == [stored.id], "the creation stays: its send may land")
        #expect(waiting.changes.map(\.operation) == [.deleteTransaction(id: stored.id)])
        sender.terminate()
        sender.waitUntilExit()
        let report = await rig.outbox.sync { _ in }
        #expect(report.remaining == 0)
        #expect(try await rig.onServer("Sur le fil").isEmpty)
        await rig.stop()
    }

    /// A create into a budget deleted elsewhere is answered 500 (row security), as a server failure
    /// would be: kept for two sends, then the budget is asked for — gone, so refused with why —
    /// and what waited behind it leaves (contract §14.7 rule 7).
    @Test func anExpenseIntoADeletedBudgetIsRefusedAfterRepeated500sAndTheNextOneGoes() async throws {
        let rig = try await Rig.start()
        let missingBudget = "00000000-0000-4000-8000-000000000000"
        let refused = try #require(try? await rig.outbox.store(rig.draft("Budget disparu", 5, budgetId: missingBudget)).get())
        let fine = try #require(try? await rig.outbox.store(rig.draft("Après le refus", 6)).get())
        for send in 1..<OperationDecision.sendsBeforeBudgetLookUp {
            let report = await rig.outbox.sync { _ in }
            #expect(report.sent.isEmpty && report.refused.isEmpty && report.remaining == 2, "send \(send): kept, the queue waits")
        }
        let report = await rig.outbox.sync { _ in }
        #expect(report.refused == [refused.id])
        #expect(report.sent == [fine.id])
        let kept = await rig.outbox.snapshot().items
        #expect(kept.map(\.id) == [refused.id])
        guard case let .refused(reason)? = kept.first?.state else {
            Issue.record("expected a refusal, got \(String(describing: kept.first?.state))")
            await rig.stop()
            return
        }
        #expect(reason == .budgetGone)
        #expect(await rig.outbox.remove(id: refused.id) == .removed)
        #expect(await rig.outbox.snapshot().items.isEmpty)
        await rig.stop()
    }

    /// A server failing every request (500) is not a deleted budget: the look-up answers 500 too,
    /// so the expense stays queued however many times it is sent.
    @Test func anExpenseAnswered500WhileItsBudgetCannotBeAskedForStaysQueued() async throws {
        let rig = try await Rig.start()
        let stored = try #require(try? await rig.outbox.store(rig.draft("Serveur en panne", 3)).get())
        rig.sandbox.setFaults(FaultSettings(rate: 1, kinds: [.internalError]))
        for send in 1...(OperationDecision.sendsBeforeBudgetLookUp + 1) {
            let report = await rig.outbox.sync { _ in }
            #expect(report.refused.isEmpty && report.remaining == 1, "send \(send)")
        }
        #expect(await rig.outbox.snapshot().items.map(\.id) == [stored.id])
        #expect(await rig.outbox.snapshot().items.first?.state == .pending)
        rig.sandbox.setFaults(FaultSettings(rate: 0))
        #expect(await rig.outbox.sync { _ in }.sent == [stored.id], "sent once the server answers again")
        await rig.stop()
    }

    @Test func withTheServerGoneNothingLeavesTheOutbox() async throws {
        let rig = try await Rig.start()
        await rig.sandbox.stop()
        let stored = try #require(try? await rig.outbox.store(rig.draft("Hors ligne", 2)).get())
        let report = await rig.outbox.sync { _ in }
        #expect(report.sent.isEmpty)
        #expect(report.remaining == 1)
        #expect(report.stoppedBy?.isTransport == true)
        #expect(await rig.outbox.snapshot().items.map(\.id) == [stored.id])
        await rig.app.stop()
        try? FileManager.default.removeItem(at: rig.home)
    }

    @Test func undoOfASentExpenseDeletesItOnTheServer() async throws {
        // `u` after a yes stores the quick-add's undo as an ordinary delete (decision 115).
        let rig = try await Rig.start()
        let draft = rig.draft("À annuler", 9)
        let stored = try #require(try? await rig.outbox.store(draft).get())
        _ = await rig.outbox.sync { _ in }
        #expect(try await rig.onServer("À annuler").count == 1)
        let undo = ChangeDraft(operation: .deleteTransaction(id: stored.id), month: draft.month, label: draft.name)
        #expect((try? await rig.outbox.store(change: undo).get()) != nil)
        _ = await rig.outbox.sync { _ in }
        #expect(try await rig.onServer("À annuler").isEmpty)
        await rig.stop()
    }
}
