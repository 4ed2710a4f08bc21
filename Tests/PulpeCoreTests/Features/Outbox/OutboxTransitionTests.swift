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
