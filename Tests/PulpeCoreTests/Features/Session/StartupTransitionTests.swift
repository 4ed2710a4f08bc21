import Testing
@testable import PulpeCore

/// docs/product.md §2.2: the start-up check and where each outcome leads.
@Suite struct StartupTransitionTests {
    @Test func availableThenRestoresTheSession() {
        var session = Session.pastSplash()
        #expect(session.send(.availability(.serviceChecked(.available, at: .seconds(2)))) == [.session(.restoreSession)])
        #expect(session.state.startup == .restoringSession)
    }

    @Test func maintenanceOnGoesToMaintenance() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.maintenance(message: "Application en maintenance — réessaie plus tard"), at: .seconds(2))))
        guard case let .maintenance(maintenance) = session.state.screen else {
            Issue.record("\(session.state.screen)")
            return
        }
        #expect(maintenance.serverMessage == "Application en maintenance — réessaie plus tard")
        #expect(session.state.timers.isArmed(.maintenanceRecheck))
    }

    @Test func anyOtherFailureIsTreatedAsMaintenance() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.failed(reason: "HTTP 500"), at: .seconds(2))))
        guard case .maintenance = session.state.screen else {
            Issue.record("fail-closed expected, got \(session.state.screen)")
            return
        }
    }

    @Test func aTransportFailureShowsConnexionImpossible() {
        var session = Session.pastSplash()
        #expect(session.send(.availability(.serviceChecked(.unreachable, at: .seconds(2)))) == [.session(.checkOfflineData)])
        var network = NetworkUnavailableState()
        network.reachedAtStartUp = true
        #expect(session.state.screen == .networkUnavailable(network))
    }

    @Test func noSavedSessionGoesToLogin() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.available, at: .seconds(2))))
        session.send(.session(.sessionRestored(nil, at: .seconds(2))))
        #expect(session.state.screen == .login(LoginForm()))
        #expect(session.state.startup == .done)
    }

    @Test func anUnreadableSavedSessionGoesToLoginSayingWhy() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.available, at: .seconds(2))))
        #expect(session.send(.session(.savedSessionUnreadable)) == [])
        session.send(.session(.sessionRestored(nil, at: .seconds(2))))
        var form = LoginForm()
        form.error = .savedSessionUnreadable
        #expect(session.state.screen == .login(form))
        #expect(session.state.startup == .done)
    }

    @Test func aSavedPasswordSessionAsksForThePin() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.available, at: .seconds(2))))
        session.send(.session(.sessionRestored(Session.alice, at: .seconds(2))))
        #expect(session.state.screen == .pin(PinForm(email: "alice@example.ch")))
    }

    @Test func aSavedDemoSessionSkipsThePin() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.available, at: .seconds(2))))
        let demo = SessionSummary(email: "demo@pulpe.app", isDemo: true, isUnlocked: false)
        #expect(session.send(.session(.sessionRestored(demo, at: .seconds(2)))) == [.session(.unlockDemo)])
        #expect(session.send(.session(.unlockFinished(.unlocked, at: .seconds(3)))).contains(.budgets(.loadSettings)))
        #expect(session.state.screen == .home)
        #expect(session.state.home == HomeState(session: SessionSummary(email: "demo@pulpe.app", isDemo: true, isUnlocked: true)))
    }

    @Test func aFailedDemoUnlockFallsBackToLoginWithTheReason() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.available, at: .seconds(2))))
        session.send(.session(.sessionRestored(SessionSummary(email: "d", isDemo: true, isUnlocked: false), at: .seconds(2))))
        let effects = session.send(.session(.unlockFinished(.failed(Failure.serverError), at: .seconds(3))))
        #expect(effects == [.session(.signOut)])
        var expected = LoginForm()
        expected.error = .failed(.serverError)
        #expect(session.state.screen == .login(expected))
    }

    @Test func anAnswerNobodyWaitsForIsIgnored() {
        var session = Session.atHome()
        let before = session.state
        session.send(.availability(.serviceChecked(.unreachable, at: .seconds(9))))
        session.send(.session(.sessionRestored(nil, at: .seconds(9))))
        session.send(.session(.loginFinished(.failed(Failure.serverError), at: .seconds(9))))
        session.send(.session(.unlockFinished(.unlocked, at: .seconds(9))))
        #expect(session.state.screen == before.screen)
        #expect(session.state.session == before.session)
    }
}
