import PulpeDomain
import Testing
@testable import PulpeCore

/// The gate itself: what each effect becomes while the API may not be asked.
@Suite struct ClosedGateTests {
    @Test func loadsReadTheCacheSendsWaitAndLocalWorkGoesThrough() {
        let month = BudgetMonth(year: 2026, month: 11)
        let draft = ExpenseDraft(amount: 1, name: "x", kind: .expense, date: november21, checked: true, month: month,
                                 budgetId: "b")
        #expect(Effect.loadSettings.throughClosedGate() == .loadCached(.settings))
        #expect(Effect.loadMonth(month).throughClosedGate() == .loadCached(.month(month)))
        #expect(Effect.loadYear(2026).throughClosedGate() == .loadCached(.year(2026)))
        #expect(Effect.storeExpense(draft, thenSync: true).throughClosedGate() == .storeExpense(draft, thenSync: false))
        #expect(Effect.replacePending(id: "a", draft, thenSync: true).throughClosedGate() == .replacePending(id: "a", draft, thenSync: false))
        for held: Effect in [.restoreSession, .logIn(email: "e", password: "p"), .startDemo, .unlock(pin: "1234"), .unlockDemo,
                             .syncOutbox, .deleteSentExpense(id: "a", month: month)] {
            #expect(held.throughClosedGate() == nil, "\(held)")
        }
        for local: Effect in [.checkService, .checkOfflineData, .loadOutbox, .removePending(id: "a"), .signOut, .redrawAll,
                              .loadCached(.year(2026))] {
            #expect(local.throughClosedGate() == local, "\(local)")
        }
    }

    @Test func updateAppliesItToEveryTransitionWhileTheCheckIsOut() {
        var session = Session()
        session.send(.started(at: .zero, size: standardSize))
        session.send(.offlineDataChecked(FirstPaintTests.demo))
        session.send(.settingsLoaded(.cached(FirstPaintTests.settings, today: november21), at: .milliseconds(30)))
        session.send(.monthLoaded(FirstPaintTests.november, .fetched(FirstPaintTests.cachedNovember), at: .milliseconds(40)))
        // Keys that would fetch or send: `]` to a month not held, `r`, `s`.
        session.send(.action(.nextMonth))
        session.send(.action(.nextMonth))
        session.send(.action(.refresh))
        session.send(.action(.syncNow))
        #expect(session.effects.allSatisfy { FirstPaintTests.isLocal($0) }, "\(session.effects.filter { !FirstPaintTests.isLocal($0) })")
    }
}
