import Foundation
import PulpeDomain
import Testing
@testable import PulpeCore

/// What the core does with the outbox's news: counts, retries with backoff, sends when the
/// server answers again, says refusals.
@Suite struct OutboxTransitionTests {
    private func draft(_ name: String = "Café", amount: Decimal = 4.5) -> ExpenseDraft {
        ExpenseDraft(amount: amount, name: name, kind: .expense, date: CalendarDay(year: 2026, month: 11, day: 21)!,
                     checked: true, month: BudgetMonth(year: 2026, month: 11), budgetId: "budget-nov")
    }

    private func unlockedAtHome() -> Session {
        Session.atHome()
    }

    @Test func theSnapshotSetsThePendingCountWithoutRefusedItems() {
        var session = unlockedAtHome()
        let refused = PendingExpense(id: "b", draft: draft("Pain"), state: .refused(reason: .server("Budget introuvable")))
        session.send(.outbox(.outboxChanged(OutboxSnapshot(items: [PendingExpense(id: "a", draft: draft(), state: .pending), refused]))))
        #expect(session.state.pendingCount == 1)
        #expect(session.state.writes.outbox.refused == [refused])
    }

    @Test func aSyncStoppedByTheNetworkIsRetriedWithBackoffCappedAt25Seconds() {
        var session = unlockedAtHome()
        session.send(.outbox(.outboxChanged(OutboxSnapshot(items: [PendingExpense(id: "a", draft: draft(), state: .pending)]))))
        var delays: [Duration] = []
        for _ in 0..<8 {
            let effects = session.send(.outbox(.syncFinished(sent: 0, remaining: 1, stoppedBy: .unreachable)))
            let schedules = effects.compactMap { effect -> Duration? in
                if case let .schedule(token, after) = effect, token.id == .outboxRetry { return after }
                return nil
            }
            #expect(schedules.count == 1)
            delays += schedules
        }
        #expect(delays.allSatisfy { $0 >= .zero && $0 <= .seconds(25) })
        #expect(session.state.writes.retries == 8)
        // The timer fires: send again.
        let token = session.state.timers.arm(.outboxRetry)
        #expect(session.send(.timerFired(token, at: .seconds(60))) == [.outbox(.syncOutbox)])
    }

    @Test func itemsThatWereNotDueAreTriedAgainLater() {
        var session = unlockedAtHome()
        let effects = session.send(.outbox(.syncFinished(sent: 0, remaining: 1, stoppedBy: nil)))
        #expect(effects.contains { if case let .schedule(token, _) = $0 { token.id == .outboxRetry } else { false } },
                "a Retry-After or another process's claim: not sent now, not forgotten")
    }

    @Test func aFailedSyncEndsItsProgressLineAndSaysWhatWaits() {
        var session = unlockedAtHome()
        session.send(.outbox(.syncProgress(done: 0, total: 1)))
        session.send(.outbox(.syncFinished(sent: 0, remaining: 1, stoppedBy: .unreachable)))
        let said = [session.state.status.current] + session.state.status.queue.map { Optional($0) }
        #expect(said.contains(StatusEntry(.offline(pending: 1))), "no spinner left turning offline")
        session.send(.outbox(.syncFinished(sent: 0, remaining: 1, stoppedBy: .serverError)))
        #expect(session.state.status.current == StatusEntry(.error(.serverError, retry: .outbox(.syncNow))))
        session.send(.outbox(.syncFinished(sent: 1, remaining: 0, stoppedBy: nil)))
        #expect(session.state.status.current?.isError != true, "a later success clears it")
    }

    @Test func aCompleteSyncCancelsTheRetry() {
        var session = unlockedAtHome()
        session.send(.outbox(.syncFinished(sent: 0, remaining: 1, stoppedBy: .timeout)))
        let effects = session.send(.outbox(.syncFinished(sent: 0, remaining: 0, stoppedBy: nil)))
        #expect(!effects.contains { if case .schedule(let token, _) = $0 { token.id == .outboxRetry } else { false } })
        #expect(session.state.writes.retries == 0)
    }

    @Test func theServerAnsweringAgainSendsWhatWaits() {
        var session = unlockedAtHome()
        session.send(.availability(.connectivityChanged(offline: true)))
        #expect(session.send(.availability(.connectivityChanged(offline: false))) == [], "nothing waits")
        session.send(.outbox(.outboxChanged(OutboxSnapshot(items: [PendingExpense(id: "a", draft: draft(), state: .pending)]))))
        session.send(.availability(.connectivityChanged(offline: true)))
        #expect(session.send(.availability(.connectivityChanged(offline: false))) == [.outbox(.syncOutbox)])
    }

    @Test func aRefusalStaysOnTheStatusLineAndAFailureThatNeedsTheUserIsSaid() {
        var session = unlockedAtHome()
        let refused = PendingExpense(id: "a", draft: draft(), state: .refused(reason: .server("Budget introuvable")))
        session.send(.outbox(.expenseRefused(refused)))
        #expect(session.state.status.current == StatusEntry(.refused(name: "Café", reason: .server("Budget introuvable"))))
        session.send(.outbox(.syncFinished(sent: 0, remaining: 1, stoppedBy: .sessionExpired)))
        #expect(session.state.status.current == StatusEntry(.error(.sessionExpired, retry: .outbox(.syncNow))))
    }

    @Test func syncProgressIsShownOneBased() {
        var session = unlockedAtHome()
        session.send(.outbox(.syncProgress(done: 0, total: 2)))
        let said = [session.state.status.current] + session.state.status.queue.map { Optional($0) }
        #expect(said.contains(StatusEntry(.syncing(done: 1, total: 2))))
    }

    @Test func sIsASyncNow() {
        var session = unlockedAtHome()
        #expect(session.send(.action(.outbox(.syncNow))) == [.outbox(.syncOutbox)])
    }
}

/// `q` with expenses queued, `u`, and the pending list (`e`).
@Suite struct OutboxKeysTests {
    private func expense(_ id: String, state: PendingExpense.State = .pending) -> PendingExpense {
        PendingExpense(id: id, draft: ExpenseDraft(amount: 4.5, name: "Café \(id)", kind: .expense,
                                                   date: CalendarDay(year: 2026, month: 11, day: 21)!, checked: true,
                                                   month: BudgetMonth(year: 2026, month: 11), budgetId: "b"),
                       state: state)
    }

    @Test func quittingWithExpensesQueuedAsksFirst() {
        var session = Session.atHome()
        #expect(session.send(.action(.app(.quit))) == [.quit(exitCode: 0)], "nothing queued: quits at once")
        session = Session.atHome()
        session.send(.outbox(.outboxChanged(OutboxSnapshot(items: [expense("a"), expense("b")]))))
        #expect(session.send(.action(.app(.quit))) == [])
        #expect(session.state.overlay == .confirm(.quitWithPending(count: 2)))
        #expect(session.send(.action(.confirm(.no))) == [])
        #expect(session.state.overlay == nil && !session.state.isQuitting)
        session.send(.action(.app(.quit)))
        #expect(session.send(.action(.confirm(.yes))) == [.quit(exitCode: 0)])
    }

    @Test func quittingFromMaintenanceOrNoConnectionWithExpensesQueuedAsksToo() {
        for answer in [ServiceCheckOutcome.maintenance(message: nil), .unreachable] {
            var session = Session.pastSplash()
            session.send(.outbox(.outboxChanged(OutboxSnapshot(items: [expense("a")]))))
            session.send(.availability(.serviceChecked(answer, at: .seconds(2))))
            #expect(session.send(.action(.app(.quit))) == [], "\(answer)")
            #expect(session.state.overlay == .confirm(.quitWithPending(count: 1)), "\(answer)")
            #expect(session.send(.action(.confirm(.yes))) == [.quit(exitCode: 0)], "\(answer)")
        }
    }

    @Test func quittingWithAChangeQueuedAsksAboutModifications() {
        var session = Session.atHome()
        let check = PendingChange(id: "c", operation: .setTransactionChecked(id: "t", checked: true, at: .distantPast),
                                  month: BudgetMonth(year: 2026, month: 11), label: "Migros", state: .pending)
        session.send(.outbox(.outboxChanged(OutboxSnapshot(items: [expense("a")], changes: [check]))))
        session.send(.action(.app(.quit)))
        #expect(session.state.overlay == .confirm(.quitWithPending(count: 2, onlyExpenses: false)))
    }

    @Test func ctrlCQuitsEvenWithExpensesQueued() {
        var session = Session.atHome()
        session.send(.outbox(.outboxChanged(OutboxSnapshot(items: [expense("a")]))))
        #expect(session.send(.interrupted(.interrupt)) == [.quit(exitCode: 130)])
    }

    @Test func undoOfAQueuedQuickAddRemovesItFromTheOutbox() {
        var session = Session.atHome()
        session.quickAddStored(expense("a"))
        #expect(session.state.pendingCount == 1)
        #expect(session.send(.action(.outbox(.undoLastExpense))) == [.outbox(.removePending(id: "a"))])
        #expect(session.state.pendingCount == 0)
        #expect(!session.send(.action(.outbox(.undoLastExpense))).contains { if case .outbox = $0 { true } else { false } },
                "nothing left to undo")
        #expect(([session.state.status.current] + session.state.status.queue).contains { $0?.kind == .gesture(GestureNews(.nothingToUndo)) },
                "« Rien à annuler » is said")
    }

    @Test func undoOfASentQuickAddAsksThenDeletesOnTheServer() {
        var session = Session.atHome()
        let sent = expense("a")
        session.quickAddStored(sent)
        session.send(.outbox(.outboxChanged(OutboxSnapshot())))
        #expect(session.send(.action(.outbox(.undoLastExpense))) == [])
        #expect(session.state.overlay == .confirm(.deleteSent(sent)))
        #expect(session.send(.action(.confirm(.yes))) == [.outbox(.deleteSentExpense(id: "a", month: BudgetMonth(year: 2026, month: 11)))])
    }

    @Test func thePendingListMovesAndDeletesAfterAYes() {
        var session = Session.atHome()
        #expect(session.send(.action(.outbox(.showPending))) == [], "nothing to list")
        #expect(session.state.overlay == nil)
        let refused = expense("b", state: .refused(reason: .server("Budget introuvable")))
        session.send(.outbox(.outboxChanged(OutboxSnapshot(items: [expense("a"), refused]))))
        session.send(.action(.outbox(.showPending)))
        #expect(session.state.overlay == .pendingList(selected: 0))
        session.send(.action(.outbox(.moveDown)))
        session.send(.action(.outbox(.moveDown)))
        #expect(session.state.overlay == .pendingList(selected: 1))
        session.send(.action(.outbox(.deleteSelected)))
        #expect(session.state.overlay == .confirm(.deletePending(refused)))
        #expect(session.send(.action(.confirm(.yes))) == [.outbox(.removePending(id: "b"))])
        #expect(session.state.writes.outbox.items.map(\.id) == ["a"])
        #expect(session.state.overlay == .pendingList(selected: 0))
    }

    @Test func entreeOnARefusalOpensThePendingList() {
        var session = Session.atHome()
        let refused = expense("b", state: .refused(reason: .server("Budget introuvable")))
        session.send(.outbox(.outboxChanged(OutboxSnapshot(items: [refused]))))
        session.send(.outbox(.expenseRefused(refused)))
        session.send(.action(.browse(.openSelectedMonth)))
        #expect(session.state.overlay == .pendingList(selected: 0))
    }
}
