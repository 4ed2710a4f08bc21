import PulpeDomain
import Testing
@testable import PulpeCore

/// The gate itself: what each effect becomes while the API may not be asked.
@Suite struct ClosedGateTests {
    @Test func loadsReadTheCacheSendsWaitAndLocalWorkGoesThrough() {
        let month = BudgetMonth(year: 2026, month: 11)
        let draft = ExpenseDraft(amount: 1, name: "x", kind: .expense, date: november21, checked: true, month: month,
                                 budgetId: "b")
        #expect(Effect.budgets(.loadSettings).throughClosedGate() == .budgets(.loadCached(.settings)))
        #expect(Effect.budgets(.loadMonth(month)).throughClosedGate() == .budgets(.loadCached(.month(month))))
        #expect(Effect.budgets(.loadYear(2026)).throughClosedGate() == .budgets(.loadCached(.year(2026))))
        let change = ChangeDraft(operation: .createTransaction(draft.newTransaction(id: "a", timeZone: .utc)), month: month, label: "x")
        #expect(Effect.outbox(.storeChange(change, thenSync: true)).throughClosedGate() == .outbox(.storeChange(change, thenSync: false)))
        #expect(Effect.outbox(.replacePending(id: "a", draft, thenSync: true)).throughClosedGate() == .outbox(.replacePending(id: "a", draft, thenSync: false)))
        for held: Effect in [.session(.restoreSession), .session(.logIn(email: "e", password: "p")), .session(.startDemo), .session(.unlockDemo),
                             .outbox(.syncOutbox)] {
            #expect(held.throughClosedGate() == nil, "\(held)")
        }
        // A PIN is checked locally, against what this process locked away (decision 43), never sent.
        #expect(Effect.session(.unlock(pin: "1234")).throughClosedGate() == .session(.unlockLocally(pin: "1234")))
        for local: Effect in [.availability(.checkService), .session(.checkOfflineData), .outbox(.loadOutbox), .outbox(.removePending(id: "a")), .session(.signOut), .redrawAll,
                              .budgets(.loadCached(.year(2026)))] {
            #expect(local.throughClosedGate() == local, "\(local)")
        }
    }

    @Test func updateAppliesItToEveryTransitionWhileTheCheckIsOut() {
        var session = Session()
        session.send(.started(at: .zero, size: standardSize))
        session.send(.session(.offlineDataChecked(FirstPaintTests.demo)))
        session.send(.budgets(.settingsLoaded(.cached(FirstPaintTests.settings, today: november21), at: .milliseconds(30))))
        session.send(.budgets(.monthLoaded(FirstPaintTests.november, .fetched(FirstPaintTests.cachedNovember), at: .milliseconds(40))))
        // Keys that would fetch or send: `]` to a month not held, `r`, `s`.
        session.send(.action(.browse(.nextMonth)))
        session.send(.action(.browse(.nextMonth)))
        session.send(.action(.browse(.refresh)))
        session.send(.action(.outbox(.syncNow)))
        #expect(session.effects.allSatisfy { FirstPaintTests.isLocal($0) }, "\(session.effects.filter { !FirstPaintTests.isLocal($0) })")
    }
}
