import Foundation
import PulpeDomain
import Testing
@testable import PulpeCore

/// `pulpe add` as a headless flow, fed its events by hand: the order of its steps, the gate (what
/// it may ask for before the check, in maintenance, with no answer), and every outcome.
@Suite struct QuickAddFlowTests {
    typealias Fixture = QuickAddFixture
    static let request = QuickAddFlow.Request(amount: "12.50", description: "Café", kind: .expense, date: nil, checked: true)
    static let signedIn = SessionSummary(email: "a@b.ch", isDemo: false, isUnlocked: true, hasKeptKey: true)

    static func draft(budgetId: String = "b-2026-11", line: String? = nil) -> ExpenseDraft {
        ExpenseDraft(amount: 12.5, name: "Café", kind: .expense, date: november21, checked: true, month: Fixture.november,
                     budgetId: budgetId, budgetLineId: line)
    }

    /// The flow up to its status check's answer.
    static func checked(_ outcome: ServiceCheckOutcome, request: QuickAddFlow.Request = request) -> (QuickAddFlow, [Effect]) {
        var flow = QuickAddFlow(request, today: november21, sendTimeout: .seconds(8), clientId: "c-1", timeZone: .utc)
        let first = flow.begin()
        #expect(first.count == 2 && first.first == .availability(.checkService), "only the check before it answers: \(first)")
        let effects = flow.receive(.availability(.serviceChecked(outcome, at: .seconds(1))))
        return (flow, effects)
    }

    /// Steps through the session, outbox, settings and year, checking each effect asked for.
    static func throughYear(_ flow: inout QuickAddFlow, open: Bool, outbox: OutboxSnapshot = OutboxSnapshot(),
                            year yearOutcome: FetchOutcome<[BudgetSummary]>) -> [Effect] {
        let session: Msg = open ? .session(.sessionRestored(signedIn, at: .seconds(1))) : .session(.offlineDataChecked(signedIn))
        #expect(flow.receive(session) == [.outbox(.loadOutbox)])
        _ = flow.receive(.outbox(.outboxChanged(outbox)))
        let settings = flow.receiveEnd(of: .outbox(.loadOutbox))
        #expect(settings == [open ? .budgets(.loadSettings) : .budgets(.loadCached(.settings))], "the gate reads the cache: \(settings)")
        guard settings.count == 1 else { return [] }
        _ = flow.receive(.budgets(.settingsLoaded(.cached(Fixture.settings, today: november21), at: .seconds(1))))
        let year = flow.receiveEnd(of: settings[0])
        #expect(year == [open ? .budgets(.loadYear(2026)) : .budgets(.loadCached(.year(2026)))], "\(year)")
        guard year.count == 1 else { return [] }
        _ = flow.receive(.budgets(.yearLoaded(2026, yearOutcome, at: .seconds(1))))
        return flow.receiveEnd(of: year[0])
    }

    static let fetchedYear = FetchOutcome<[BudgetSummary]>.fetched(Fetched(Fixture.year2026, fetchedAt: .distantPast, fromCache: false))

    @Test func anOpenGateStoresThenSendsAndWaitsForTheSyncToEnd() {
        var (flow, afterCheck) = Self.checked(.available)
        #expect(afterCheck == [.session(.restoreSession)])
        let store = Self.throughYear(&flow, open: true, year: Self.fetchedYear)
        #expect(store.storesExpense(Self.draft(), thenSync: true))
        let stored = PendingExpense(id: "c-1", draft: Self.draft(), state: .pending)
        let timer = flow.receive(.outbox(.changeStored(id: stored.id)))
        #expect(timer.count == 1, "the --wait deadline is armed once stored: \(timer)")
        _ = flow.receive(.outbox(.expenseSent(id: "c-1")))
        #expect(flow.outcome == nil, "the rest of the queue goes in the same sync")
        _ = flow.receive(.outbox(.syncFinished(sent: 1, remaining: 0, stoppedBy: nil)))
        _ = flow.receiveEnd(of: store[0])
        #expect(flow.outcome == .sent(stored))
    }

    @Test func maintenanceStoresWithoutSendingAndAsksTheServerNothing() {
        var (flow, afterCheck) = Self.checked(.maintenance(message: nil))
        #expect(afterCheck == [.session(.checkOfflineData)], "the saved session, not the server's")
        let store = Self.throughYear(&flow, open: false, year: Self.fetchedYear)
        #expect(store.storesExpense(Self.draft(), thenSync: false), "stored, never sent")
        let stored = PendingExpense(id: "c-1", draft: Self.draft(), state: .pending)
        #expect(flow.receive(.outbox(.changeStored(id: stored.id))).isEmpty)
        #expect(flow.outcome == .queued(stored, because: .maintenance))
    }

    @Test func noAnswerWithinTheCheckBudgetIsUnreachable() {
        var flow = QuickAddFlow(Self.request, today: november21, sendTimeout: .seconds(8), clientId: "c-1", timeZone: .utc)
        let first = flow.begin()
        guard case let .schedule(token, after)? = first.last else {
            Issue.record("no deadline: \(first)")
            return
        }
        #expect(token.id == .checkDeadline && after == ShellAccess.checkTimeout)
        #expect(flow.receive(.timerFired(token, at: .seconds(3))) == [.session(.checkOfflineData)])
        #expect(flow.receive(.availability(.serviceChecked(.available, at: .seconds(4)))).isEmpty, "a late answer opens nothing")
        #expect(!flow.allowsRequests)
        let store = Self.throughYear(&flow, open: false, year: Self.fetchedYear)
        let stored = PendingExpense(id: "c-1", draft: Self.draft(), state: .pending)
        #expect(store.storesExpense(Self.draft(), thenSync: false))
        _ = flow.receive(.outbox(.changeStored(id: stored.id)))
        #expect(flow.outcome == .queued(stored, because: .unreachable))
    }

    @Test func theSendDeadlineLeavesItQueued() {
        var (flow, _) = Self.checked(.available)
        _ = Self.throughYear(&flow, open: true, year: Self.fetchedYear)
        let stored = PendingExpense(id: "c-1", draft: Self.draft(), state: .pending)
        guard case let .schedule(token, _)? = flow.receive(.outbox(.changeStored(id: stored.id))).first else {
            Issue.record("no send deadline")
            return
        }
        _ = flow.receive(.timerFired(token, at: .seconds(9)))
        #expect(flow.outcome == .queued(stored, because: .timeout))
    }

    @Test func aRefusalAndAStoppedSyncAreSaid() {
        var (refusedFlow, _) = Self.checked(.available)
        let store = Self.throughYear(&refusedFlow, open: true, year: Self.fetchedYear)
        let stored = PendingExpense(id: "c-1", draft: Self.draft(), state: .pending)
        _ = refusedFlow.receive(.outbox(.changeStored(id: stored.id)))
        _ = refusedFlow.receive(.outbox(.expenseRefused(PendingExpense(id: "c-1", draft: Self.draft(), state: .refused(reason: .server("Montant invalide"))))))
        _ = refusedFlow.receiveEnd(of: store[0])
        #expect(refusedFlow.outcome == .refused(stored, reason: .server("Montant invalide")))

        var (stoppedFlow, _) = Self.checked(.available)
        _ = Self.throughYear(&stoppedFlow, open: true, year: Self.fetchedYear)
        _ = stoppedFlow.receive(.outbox(.changeStored(id: stored.id)))
        _ = stoppedFlow.receive(.outbox(.syncFinished(sent: 0, remaining: 1, stoppedBy: .serverError)))
        _ = stoppedFlow.receiveEnd(of: store[0])
        #expect(stoppedFlow.outcome == .queued(stored, because: .serverError))
    }

    @Test func badInputStopsBeforeAnything() {
        var flow = QuickAddFlow(QuickAddFlow.Request(amount: "abc", description: "Café", kind: .expense, date: nil, checked: true),
                                today: november21, sendTimeout: .seconds(8), clientId: "c-1", timeZone: .utc)
        #expect(flow.begin().isEmpty)
        #expect(flow.outcome == .invalid(.amount(.invalid)))
        var nameless = QuickAddFlow(QuickAddFlow.Request(amount: "4", description: "  ", kind: .expense, date: nil, checked: true),
                                    today: november21, sendTimeout: .seconds(8), clientId: "c-1", timeZone: .utc)
        #expect(nameless.begin().isEmpty)
        #expect(nameless.outcome == .invalid(.nameMissing))
    }

    @Test func theSessionDecidesWhetherAnythingIsStored() {
        var (nobody, _) = Self.checked(.available)
        _ = nobody.receive(.session(.sessionRestored(nil, at: .seconds(1))))
        #expect(nobody.outcome == .stopped(.notSignedIn))
        var (refused, _) = Self.checked(.available)
        let changed = SessionSummary(email: "a@b.ch", isDemo: false, isUnlocked: false, hasKeptKey: true, keyWasRefused: true)
        _ = refused.receive(.session(.sessionRestored(changed, at: .seconds(1))))
        #expect(refused.outcome == .stopped(.keyChanged))
        var (locked, _) = Self.checked(.unreachable)
        _ = locked.receive(.session(.offlineDataChecked(SessionSummary(email: "a@b.ch", isDemo: false, isUnlocked: false))))
        #expect(locked.outcome == .stopped(.locked))
    }

    @Test func aMonthWithoutABudgetStoresNothing() {
        let december = QuickAddFlow.Request(amount: "4", description: "Pain", kind: .expense,
                                            date: CalendarDay(year: 2026, month: 11, day: 26), checked: true)
        var (online, _) = Self.checked(.available, request: december)
        #expect(Self.throughYear(&online, open: true, year: Self.fetchedYear).isEmpty)
        #expect(online.outcome == .noBudget(Fixture.december, because: nil), "the server's list has none: 65")
        var (offline, _) = Self.checked(.unreachable, request: december)
        #expect(Self.throughYear(&offline, open: false, year: Self.fetchedYear).isEmpty)
        #expect(offline.outcome == .noBudget(Fixture.december, because: .offline), "the cache may be behind: 75")
    }

    @Test func aMonthBeingCreatedTakesTheExpenseOnItsProvisionalBudget() {
        let december = QuickAddFlow.Request(amount: "12.50", description: "Café", kind: .expense,
                                            date: CalendarDay(year: 2026, month: 11, day: 26), checked: true)
        let creation = PendingChange(id: "o-1", operation: .createBudget(month: Fixture.december, templateId: "t", lines: nil),
                                     month: Fixture.december, label: "Décembre", state: .pending)
        var (flow, _) = Self.checked(.unreachable, request: december)
        let store = Self.throughYear(&flow, open: false, outbox: OutboxSnapshot(changes: [creation]), year: Self.fetchedYear)
        guard case let (_, draft, _)? = store.storedExpense else {
            Issue.record("not stored: \(store)")
            return
        }
        #expect(draft.budgetId == ProvisionalBudget.budgetId(Fixture.december))
    }
}
