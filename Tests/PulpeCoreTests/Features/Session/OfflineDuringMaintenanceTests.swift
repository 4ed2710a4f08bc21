import PulpeDomain
import Testing
@testable import PulpeCore

/// Browsing the cache with `o` during maintenance: quick-add goes to the outbox and waits; the
/// re-check goes on behind the home screen, and maintenance's end refreshes and sends.
@Suite struct OfflineDuringMaintenanceTests {
    static func browsing() -> Session {
        var session = FirstPaintTests.painted()
        session.send(.availability(.serviceChecked(.maintenance(message: nil), at: .seconds(3))))
        session.send(.session(.offlineDataChecked(FirstPaintTests.demo)))
        session.send(.action(.startup(.continueOffline)))
        return session
    }

    @Test func quickAddIsStoredAndNotSent() throws {
        var session = Self.browsing()
        session.send(.action(.quickAdd(.open)))
        for character in "4.50" { session.send(.text(.insert(character))) }
        session.send(.action(.quickAdd(.nextField)))
        for character in "Café" { session.send(.text(.insert(character))) }
        let effects = session.send(.action(.quickAdd(.submit)))
        guard case let (_, draft, thenSync)? = effects.storedExpense, effects.count == 1 else {
            Issue.record("\(effects)")
            return
        }
        #expect(!thenSync, "stored on disk, not sent during maintenance")
        session.quickAddStored(PendingExpense(id: "c-1", draft: draft, state: .pending))
        #expect(session.state.pendingCount == 1)
        #expect(session.send(.action(.outbox(.syncNow))).allSatisfy { $0.isSchedule }, "s sends nothing either")
        #expect(session.state.status.current == StatusEntry(.offline(pending: 1)))
    }

    @Test func theRecheckGoesOnBehindTheCacheAndItsEndRefreshesAndSends() {
        var session = Self.browsing()
        session.quickAddStored(PendingExpense(id: "c-1", draft: draft(), state: .pending))
        #expect(session.fire(.maintenanceRecheck, at: .seconds(20)).filter { !$0.isSchedule } == [.availability(.checkService)])
        let still = session.send(.availability(.serviceChecked(.maintenance(message: nil), at: .seconds(21))))
        #expect(still.count == 1 && still.allSatisfy { $0.isSchedule }, "armed again, silently: \(still)")
        guard case .home = session.state.screen else { Issue.record("\(session.state.screen)"); return }
        #expect(session.state.backgroundMaintenance?.automaticAttempts == 1)
        #expect(session.fire(.maintenanceRecheck, at: .seconds(60)).filter { !$0.isSchedule } == [.availability(.checkService)])
        #expect(session.send(.availability(.serviceChecked(.available, at: .seconds(61)))).filter { !$0.isSchedule } == [.session(.restoreSession)])
        #expect(session.state.backgroundMaintenance == nil)
        #expect(!session.state.isOffline)
        let unlocked = SessionSummary(email: FirstPaintTests.demo.email, isDemo: true, isUnlocked: true)
        let effects = session.send(.session(.sessionRestored(unlocked, at: .seconds(61))))
        #expect(effects.contains(.outbox(.syncOutbox)), "what waits is sent")
        #expect(effects.contains(.budgets(.loadMonth(FirstPaintTests.november))), "and the month asked of the server")
        guard case .home = session.state.screen else { Issue.record("\(session.state.screen)"); return }
    }

    @Test func aLateMaintenanceAnswerOrConnectivityLeavesTheOfflineHomeAlone() {
        var session = Self.browsing()
        let before = session.state.screen
        session.send(.availability(.maintenanceDetected(message: nil, at: .seconds(5))))
        #expect(session.state.screen == before, "a request sent before maintenance answers late: nothing changes")
        session.send(.availability(.connectivityChanged(offline: false)))
        #expect(session.state.isOffline, "the re-check reaches the server; the data does not")
    }

    @Test func undoingASentExpenseWaitsInTheOutboxForMaintenanceToEnd() {
        var session = Session.atHome()
        let sent = PendingExpense(id: "c-9", draft: draft(), state: .pending)
        session.send(.budgets(.settingsLoaded(.loaded(FirstPaintTests.settings, today: november21), at: .seconds(2))))
        session.quickAddStored(sent)
        session.send(.outbox(.expenseSent(id: "c-9")))
        session.send(.availability(.maintenanceDetected(message: nil, at: .seconds(3))))
        session.send(.session(.offlineDataChecked(Session.alice)))
        session.send(.action(.startup(.continueOffline)))
        session.send(.action(.outbox(.undo)))
        // Decision 115: the delete is stored like any write and leaves when maintenance ends.
        let delete = ChangeDraft(operation: .deleteTransaction(id: "c-9"), month: sent.draft.month, label: sent.draft.name)
        #expect(session.send(.action(.confirm(.yes))) == [.outbox(.storeChange(delete, thenSync: false))])
        #expect(session.state.writes.undoStack.isEmpty)
    }

    @Test func aSessionThatNeedsThePinAsksForItBeforeTheSealedCache() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.maintenance(message: nil), at: .seconds(2))))
        session.send(.session(.offlineDataChecked(Session.alice)))
        session.send(.action(.startup(.continueOffline)))
        #expect(session.state.screen == .pin(PinForm(email: Session.alice.email)), "the PIN opens the sealed cache")
        for digit in "1234" { session.send(.text(.insert(digit))) }
        session.send(.session(.unlockFinished(.unlocked, at: .seconds(3))))
        guard case .home = session.state.screen else { Issue.record("\(session.state.screen)"); return }
        #expect(session.state.isOffline)
    }

    private func draft() -> ExpenseDraft {
        ExpenseDraft(amount: 4.5, name: "Café", kind: .expense, date: november21, checked: true,
                     month: FirstPaintTests.november, budgetId: "b-2026-11")
    }
}
