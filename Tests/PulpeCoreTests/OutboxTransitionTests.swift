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
        let refused = PendingExpense(id: "b", draft: draft("Pain"), state: .refused(reason: "Budget introuvable"))
        session.send(.outboxChanged(OutboxSnapshot(items: [PendingExpense(id: "a", draft: draft(), state: .pending), refused])))
        #expect(session.state.pendingCount == 1)
        #expect(session.state.outbox.refused == [refused])
    }

    @Test func aSyncStoppedByTheNetworkIsRetriedWithBackoffCappedAt25Seconds() {
        var session = unlockedAtHome()
        session.send(.outboxChanged(OutboxSnapshot(items: [PendingExpense(id: "a", draft: draft(), state: .pending)])))
        var delays: [Duration] = []
        for _ in 0..<8 {
            let effects = session.send(.syncFinished(remaining: 1, stoppedBy: .unreachable))
            let schedules = effects.compactMap { effect -> Duration? in
                if case let .schedule(token, after) = effect, token.id == .outboxRetry { return after }
                return nil
            }
            #expect(schedules.count == 1)
            delays += schedules
        }
        #expect(delays.allSatisfy { $0 >= .zero && $0 <= .seconds(25) })
        #expect(session.state.outboxRetries == 8)
        // The timer fires: send again.
        let token = session.state.timers.arm(.outboxRetry)
        #expect(session.send(.timerFired(token, at: .seconds(60))) == [.syncOutbox])
    }

    @Test func aCompleteSyncCancelsTheRetry() {
        var session = unlockedAtHome()
        session.send(.syncFinished(remaining: 1, stoppedBy: .timeout))
        let effects = session.send(.syncFinished(remaining: 0, stoppedBy: nil))
        #expect(!effects.contains { if case .schedule(let token, _) = $0 { token.id == .outboxRetry } else { false } })
        #expect(session.state.outboxRetries == 0)
    }

    @Test func theServerAnsweringAgainSendsWhatWaits() {
        var session = unlockedAtHome()
        session.send(.connectivityChanged(offline: true))
        #expect(session.send(.connectivityChanged(offline: false)) == [], "nothing waits")
        session.send(.outboxChanged(OutboxSnapshot(items: [PendingExpense(id: "a", draft: draft(), state: .pending)])))
        session.send(.connectivityChanged(offline: true))
        #expect(session.send(.connectivityChanged(offline: false)) == [.syncOutbox])
    }

    @Test func aRefusalStaysOnTheStatusLineAndAFailureThatNeedsTheUserIsSaid() {
        var session = unlockedAtHome()
        let refused = PendingExpense(id: "a", draft: draft(), state: .refused(reason: "Budget introuvable"))
        session.send(.expenseRefused(refused))
        #expect(session.state.status.current == StatusEntry(.refused(name: "Café", reason: "Budget introuvable")))
        session.send(.syncFinished(remaining: 1, stoppedBy: .sessionExpired))
        #expect(session.state.status.current == StatusEntry(.error(.sessionExpired, retry: .syncNow)))
    }

    @Test func syncProgressIsShownOneBased() {
        var session = unlockedAtHome()
        session.send(.syncProgress(done: 0, total: 2))
        let said = [session.state.status.current] + session.state.status.queue.map { Optional($0) }
        #expect(said.contains(StatusEntry(.syncing(done: 1, total: 2))))
    }

    @Test func sIsASyncNow() {
        var session = unlockedAtHome()
        #expect(session.send(.action(.syncNow)) == [.syncOutbox])
    }
}
