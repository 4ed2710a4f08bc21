import Foundation
import PulpeDomain
import Testing
@testable import PulpeCore

/// `pulpe sync` and `pulpe unlock` as headless flows: behind the gate like the TUI — nothing is
/// sent, and no key validated, unless the status check said available.
@Suite struct SyncAndUnlockFlowTests {
    static let demo = SessionSummary(email: "demo@pulpe.app", isDemo: true, isUnlocked: true)
    static let alice = SessionSummary(email: "alice@example.ch", isDemo: false, isUnlocked: false)

    static func expense(_ id: String, _ name: String, _ state: PendingExpense.State = .pending) -> PendingExpense {
        PendingExpense(id: id, draft: ExpenseDraft(amount: 4.5, name: name, kind: .expense, date: november21, checked: false,
                                                   month: BudgetMonth(year: 2026, month: 11), budgetId: "b-11"),
                       state: state)
    }

    /// The services as a script.
    struct Script {
        var check = ServiceCheckOutcome.available
        var saved: SessionSummary? = SyncAndUnlockFlowTests.demo
        var restored: SessionSummary? = SyncAndUnlockFlowTests.demo
        var outbox = OutboxSnapshot(items: [SyncAndUnlockFlowTests.expense("e1", "Café"),
                                            SyncAndUnlockFlowTests.expense("e2", "Pain", .refused(reason: .server("Montant invalide")))])
        /// What the sync does: its events.
        var sync: [OutboxEvent] = [.expenseSent(id: "e1"), .outboxChanged(OutboxSnapshot()),
                                   .syncFinished(sent: 1, remaining: 0, stoppedBy: nil)]
        var unlock = UnlockOutcome.unlocked

        func answer(_ effect: Effect) -> [Msg] {
            let at = AppTime.seconds(1)
            switch effect {
            case .availability(.checkService): return [.availability(.serviceChecked(check, at: at))]
            case .session(.checkOfflineData): return [.session(.offlineDataChecked(saved))]
            case .session(.restoreSession): return [.session(.sessionRestored(restored, at: at))]
            case .session(.unlock): return [.session(.unlockFinished(unlock, at: at))]
            case .outbox(.loadOutbox): return [.outbox(.outboxChanged(outbox))]
            case let .outbox(.retryChange(id, _)):
                var back = outbox
                back.items = back.items.map { $0.id == id ? SyncAndUnlockFlowTests.expense($0.id, $0.draft.name) : $0 }
                return [.outbox(.outboxChanged(back))]
            case .outbox(.syncOutbox): return sync.map(Msg.outbox)
            case .budgets(.syncAccount): return [.budgets(.accountSynced(SyncAndUnlockFlowTests.replica, at: at))]
            default: return []
            }
        }
    }

    /// What the account's read answers in these scripts.
    static let replica = ReplicaOutcome.synced(ReplicaStatus(months: 15, at: Date(timeIntervalSince1970: 1_764_000_000)))

    @Test func anOpenGateSendsOnceAndSaysWhatWent() {
        var flow = SyncFlow(retryRefused: false)
        let asked = FlowRunner.run(&flow, flow.begin(), answer: Script().answer)
        // Then the whole account is read, once what waited went (decision 81).
        #expect(asked == [.availability(.checkService), .session(.restoreSession), .outbox(.loadOutbox), .outbox(.syncOutbox),
                          .budgets(.syncAccount(ifOlderThan: SyncFlow.accountAge))])
        guard case let .synced(report)? = flow.outcome else { Issue.record("\(String(describing: flow.outcome))"); return }
        #expect(report.replica == Self.replica)
        #expect(report.lines == [.sent(id: "e1")])
        #expect(report.remaining == 0 && !report.hadNothing)
        #expect(report.before.items.map(\.id) == ["e1", "e2"], "the words of what went")
    }

    @Test func retryPutsEveryRefusedItemBackBeforeTheSend() {
        var flow = SyncFlow(retryRefused: true)
        let asked = FlowRunner.run(&flow, flow.begin(), answer: Script().answer)
        #expect(asked == [.availability(.checkService), .session(.restoreSession), .outbox(.loadOutbox),
                          .outbox(.retryChange(id: "e2", thenSync: false)), .outbox(.syncOutbox), .budgets(.syncAccount(ifOlderThan: SyncFlow.accountAge))])
    }

    @Test(arguments: [(ServiceCheckOutcome.maintenance(message: nil), Failure.maintenance), (ServiceCheckOutcome.unreachable, Failure.unreachable)])
    func aClosedGateSendsNothingAndSaysWhatWaits(check: ServiceCheckOutcome, reason: Failure) {
        var flow = SyncFlow(retryRefused: true)
        let asked = FlowRunner.run(&flow, flow.begin(), answer: Script(check: check).answer)
        #expect(asked == [.availability(.checkService), .session(.checkOfflineData), .outbox(.loadOutbox),
                          .outbox(.retryChange(id: "e2", thenSync: false))], "the refused item is put back, nothing sent")
        #expect(!asked.contains(.outbox(.syncOutbox)) && !asked.contains(.session(.restoreSession)))
        guard case let .synced(report)? = flow.outcome else { Issue.record("\(String(describing: flow.outcome))"); return }
        #expect(report.lines == [.waiting(id: "e1", because: reason), .waiting(id: "e2", because: reason)])
        #expect(report.remaining == 2)
    }

    @Test func aStoppedSyncSaysWhatStillWaits() {
        let left = OutboxSnapshot(items: [Self.expense("e1", "Café")])
        let script = Script(sync: [.outboxChanged(left), .syncFinished(sent: 0, remaining: 1, stoppedBy: .timeout)])
        var flow = SyncFlow(retryRefused: false)
        FlowRunner.run(&flow, flow.begin(), answer: script.answer)
        guard case let .synced(report)? = flow.outcome else { Issue.record("\(String(describing: flow.outcome))"); return }
        #expect(report.lines == [.waiting(id: "e1", because: .timeout)])
        #expect(report.remaining == 1)
        #expect(report.replica == nil, "the server stopped answering: the account is not asked for")
    }

    @Test func aLockedSessionSendsNothing() {
        var flow = SyncFlow(retryRefused: false)
        let asked = FlowRunner.run(&flow, flow.begin(), answer: Script(restored: Self.alice).answer)
        #expect(flow.outcome == .stopped(.locked))
        #expect(!asked.contains(.outbox(.syncOutbox)))
    }

    @Test func unlockAsksForThePinOnlyWhenThereIsSomethingToUnlock() {
        var first = UnlockFlow(pin: nil)
        let asked = FlowRunner.run(&first, first.begin(), answer: Script(restored: Self.alice).answer)
        #expect(asked == [.availability(.checkService), .session(.restoreSession)])
        #expect(first.outcome == .needsPin(Self.alice))
        var demo = UnlockFlow(pin: nil)
        FlowRunner.run(&demo, demo.begin(), answer: Script().answer)
        #expect(demo.outcome == .demo)
        var nobody = UnlockFlow(pin: nil)
        FlowRunner.run(&nobody, nobody.begin(), answer: Script(restored: nil).answer)
        #expect(nobody.outcome == .notSignedIn)
    }

    @Test func unlockValidatesTheKeyWithTheServer() {
        var flow = UnlockFlow(pin: "1234")
        let asked = FlowRunner.run(&flow, flow.begin(), answer: Script(restored: Self.alice).answer)
        #expect(asked == [.availability(.checkService), .session(.restoreSession), .session(.unlock(pin: "1234"))])
        #expect(flow.outcome == .unlocked)
        var wrong = UnlockFlow(pin: "0000")
        FlowRunner.run(&wrong, wrong.begin(), answer: Script(restored: Self.alice, unlock: .failed(.wrongPin)).answer)
        #expect(wrong.outcome == .failed(.wrongPin))
    }

    @Test func unlockInMaintenanceAsksNothingOfTheAPI() {
        var flow = UnlockFlow(pin: "1234")
        let asked = FlowRunner.run(&flow, flow.begin(), answer: Script(check: .maintenance(message: nil), restored: Self.alice).answer)
        #expect(asked == [.availability(.checkService)])
        #expect(flow.outcome == .failed(.maintenance))
        #expect(!flow.allowsRequests)
    }
}
