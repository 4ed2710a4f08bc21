import PulpeDomain
import Testing
@testable import PulpeCore

/// « Se déconnecter » / « Changer de compte » from the home screen (decision 101): asked first, with
/// what waits said; the yes signs out by the PIN screen's path and shows the login screen.
@Suite struct SignOutTests {
    private func expense(_ id: String) -> PendingExpense {
        PendingExpense(id: id, draft: ExpenseDraft(amount: 4.5, name: "Café \(id)", kind: .expense,
                                                   date: CalendarDay(year: 2026, month: 11, day: 21)!, checked: true,
                                                   month: BudgetMonth(year: 2026, month: 11), budgetId: "b"),
                       state: .pending)
    }

    @Test func theKeyAsksFirstAndSaysWhatWaits() {
        var session = Session.atHome()
        session.send(.outbox(.outboxChanged(OutboxSnapshot(items: [expense("a"), expense("b")]))))
        #expect(session.send(.action(.app(.signOut))) == [])
        #expect(session.state.overlay == .confirm(.signOut(pending: 2, onlyExpenses: true)))
        #expect(session.state.session?.email == "alice@example.ch")
    }

    @Test func yesSignsOutToTheLoginScreenAndForgetsTheAccountInMemory() {
        var session = Session.atHome()
        session.quickAddStored(expense("a"))
        session.send(.action(.app(.signOut)))
        #expect(session.state.overlay == .confirm(.signOut(pending: 1, onlyExpenses: true)))
        #expect(session.send(.action(.confirm(.yes))) == [.session(.signOut)])
        #expect(session.state.screen == .login(LoginForm(email: "alice@example.ch")))
        #expect(session.state.session == nil)
        #expect(session.state.home == nil)
        #expect(session.state.overlay == nil)
        #expect(session.state.writes == WriteState(), "nothing of this account's outbox or undo stack for the next one")
        #expect(!session.state.timers.isArmed(.idleLock) && !session.state.timers.isArmed(.outboxRetry))
    }

    @Test func escapeKeepsTheSessionAndDoesNothing() {
        var session = Session.atHome()
        let before = session.state.screen
        session.send(.action(.app(.signOut)))
        #expect(session.state.overlay == .confirm(.signOut(pending: 0, onlyExpenses: true)))
        #expect(session.send(.action(.confirm(.no))) == [])
        #expect(session.state.overlay == nil)
        #expect(session.state.screen == before)
        #expect(session.state.session?.email == "alice@example.ch")
    }

    @Test func aDemoSessionSignsOutToAnEmptyLoginForm() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.available, at: .milliseconds(1300))))
        session.send(.session(.sessionRestored(SessionSummary(email: "demo@pulpe.app", isDemo: true, isUnlocked: true),
                                               at: .milliseconds(1310))))
        guard case .home = session.state.screen else {
            Issue.record("the demo did not reach home: \(session.state.screen)")
            return
        }
        session.send(.action(.app(.signOut)))
        #expect(session.send(.action(.confirm(.yes))) == [.session(.signOut)])
        #expect(session.state.screen == .login(LoginForm()))
    }
}
