import Testing
@testable import PulpeCore

/// docs/product.md §2.3 and §2.4: maintenance, « Connexion impossible », and coming back.
@Suite struct MaintenanceTransitionTests {
    private func maintenance(_ session: Session) -> MaintenanceState? {
        if case let .maintenance(state) = session.state.screen { state } else { nil }
    }

    private func inMaintenance() -> Session {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.maintenance(message: nil), at: .seconds(2))))
        return session
    }

    @Test func retryChecksOnceAndIgnoresFurtherPresses() {
        var session = inMaintenance()
        #expect(session.send(.action(.startup(.retry))) == [.availability(.checkService)])
        #expect(maintenance(session)?.isChecking == true)
        #expect(session.send(.action(.startup(.retry))).isEmpty)
    }

    @Test func stillOnSaysSoAndArmsTheNextCheck() {
        var session = inMaintenance()
        session.send(.action(.startup(.retry)))
        let effects = session.send(.availability(.serviceChecked(.maintenance(message: nil), at: .seconds(5))))
        #expect(maintenance(session)?.feedback == .stillInMaintenance)
        #expect(maintenance(session)?.isChecking == false)
        #expect(effects.contains { $0.isSchedule })
    }

    @Test func aTransportFailureDuringRetrySaysConnectionTrouble() {
        var session = inMaintenance()
        session.send(.action(.startup(.retry)))
        session.send(.availability(.serviceChecked(.unreachable, at: .seconds(5))))
        #expect(maintenance(session)?.feedback == .connectionTrouble)
    }

    @Test func offRunsTheStartupAgain() {
        var session = inMaintenance()
        session.send(.action(.startup(.retry)))
        #expect(session.send(.availability(.serviceChecked(.available, at: .seconds(5)))) == [.session(.restoreSession)])
        session.send(.session(.sessionRestored(nil, at: .seconds(5))))
        #expect(session.state.screen == .login(LoginForm()))
        #expect(!session.state.timers.isArmed(.maintenanceRecheck))
    }

    @Test func automaticChecksBackOff15Then30Then60WithJitter() {
        var session = inMaintenance()
        var delays: [Duration] = []
        var now = AppTime.seconds(2)
        for _ in 0..<4 {
            guard let next = maintenance(session)?.nextCheckAt else { Issue.record("no next check"); return }
            delays.append(next - now)
            now = next
            #expect(session.fire(.maintenanceRecheck, at: now) == [.availability(.checkService)])
            session.send(.availability(.serviceChecked(.maintenance(message: nil), at: now)))
        }
        let bases: [Duration] = [.seconds(15), .seconds(30), .seconds(60), .seconds(60)]
        for (delay, base) in zip(delays, bases) {
            #expect(delay >= base && delay <= base * 1.2, "\(delay) for \(base)")
        }
    }

    @Test func theAutomaticCheckLeavesByItselfWhenMaintenanceEnds() {
        var session = inMaintenance()
        let next = maintenance(session)!.nextCheckAt!
        session.fire(.maintenanceRecheck, at: next)
        session.send(.availability(.serviceChecked(.available, at: next)))
        session.send(.session(.sessionRestored(nil, at: next)))
        #expect(session.state.screen == .login(LoginForm()))
    }

    @Test func maintenanceFromHomeComesBackToHome() {
        var session = Session.atHome()
        let home = session.state.screen
        session.send(.action(.app(.showHelp)))
        session.send(.availability(.maintenanceDetected(message: nil, at: .seconds(10))))
        #expect(maintenance(session) != nil)
        #expect(session.state.overlay == nil)
        #expect(session.state.resumeScreen == home)
        session.send(.action(.startup(.retry)))
        session.send(.availability(.serviceChecked(.available, at: .seconds(11))))
        session.send(.session(.sessionRestored(SessionSummary(email: "alice@example.ch", isDemo: false, isUnlocked: true), at: .seconds(11))))
        #expect(session.state.screen == home)
        #expect(session.state.resumeScreen == nil)
    }

    @Test func maintenanceWhileTypingKeepsTheInput() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.available, at: .seconds(2))))
        session.send(.session(.sessionRestored(nil, at: .seconds(2))))
        for character in "bob@example.ch" { session.send(.text(.insert(character))) }
        session.send(.action(.login(.nextField)))
        for character in "pw" { session.send(.text(.insert(character))) }
        session.send(.action(.login(.submit)))   // in flight when maintenance strikes
        session.send(.availability(.maintenanceDetected(message: nil, at: .seconds(3))))
        session.send(.action(.startup(.retry)))
        session.send(.availability(.serviceChecked(.available, at: .seconds(4))))
        session.send(.session(.sessionRestored(nil, at: .seconds(4))))
        guard case let .login(form) = session.state.screen else { Issue.record("\(session.state.screen)"); return }
        #expect(form.email.text == "bob@example.ch")
        #expect(form.password.text == "pw")
        #expect(form.isSubmitting == false, "the lost request must not lock the form")
    }

    @Test func maintenanceDuringStartupLoadingIsHandled() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.available, at: .seconds(2))))
        session.send(.availability(.maintenanceDetected(message: "Application en maintenance — réessaie plus tard", at: .seconds(2))))
        #expect(maintenance(session)?.serverMessage == "Application en maintenance — réessaie plus tard")
        // The session answer that was in flight arrives late and must not leave maintenance.
        session.send(.session(.sessionRestored(nil, at: .seconds(3))))
        #expect(maintenance(session) != nil)
    }

    @Test func aSecondSignalWhileInMaintenanceChangesNothing() {
        var session = inMaintenance()
        let before = session.state
        session.send(.availability(.maintenanceDetected(message: nil, at: .seconds(2))))
        #expect(session.state == before)
    }

    @Test func networkRetryThatFailsAgainSaysSo() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.unreachable, at: .seconds(2))))
        #expect(session.send(.action(.startup(.retry))) == [.availability(.checkService)])
        #expect(session.send(.action(.startup(.retry))).isEmpty)
        session.send(.availability(.serviceChecked(.unreachable, at: .seconds(3))))
        var expected = NetworkUnavailableState()
        expected.stillUnreachable = true
        session.send(.session(.offlineDataChecked(nil)))
        #expect(session.state.screen == .networkUnavailable(expected))
    }

    @Test func networkRetryThatSucceedsGoesOn() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.unreachable, at: .seconds(2))))
        session.send(.action(.startup(.retry)))
        #expect(session.send(.availability(.serviceChecked(.available, at: .seconds(3)))) == [.session(.restoreSession)])
        session.send(.session(.sessionRestored(Session.alice, at: .seconds(3))))
        #expect(session.state.screen == .pin(PinForm(email: "alice@example.ch")))
    }

    @Test func networkRetryThatFindsMaintenanceGoesThere() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.unreachable, at: .seconds(2))))
        session.send(.action(.startup(.retry)))
        session.send(.availability(.serviceChecked(.maintenance(message: nil), at: .seconds(3))))
        #expect(maintenance(session) != nil)
    }

    @Test func continueOfflineDoesNothingWithoutACache() {
        var session = Session.pastSplash()
        #expect(session.send(.availability(.serviceChecked(.unreachable, at: .seconds(2)))) == [.session(.checkOfflineData)])
        session.send(.session(.offlineDataChecked(nil)))
        #expect(session.send(.action(.startup(.continueOffline))).isEmpty)
    }

    @Test func continueOfflineOpensHomeFromTheCacheMarkedOffline() {
        var session = Session.pastSplash()
        var kept = Session.alice
        kept.hasKeptKey = true
        session.send(.availability(.serviceChecked(.unreachable, at: .seconds(2))))
        // After `R`, the screen is the user's: the cache's answer offers `o` (decision 110).
        session.send(.action(.startup(.retry)))
        session.send(.availability(.serviceChecked(.unreachable, at: .seconds(3))))
        session.send(.session(.offlineDataChecked(kept)))
        guard case .networkUnavailable = session.state.screen else { Issue.record("\(session.state.screen)"); return }
        let effects = session.send(.action(.startup(.continueOffline)))
        #expect(effects.contains(.budgets(.loadSettings)))
        #expect(session.state.isOffline)
        #expect(session.state.screen == .home)
        #expect(session.state.home == HomeState(session: kept))
    }

    /// The cache is sealed (decision 83): without a kept key, `o` asks the PIN first — checked on
    /// this machine — and only then opens the home, offline.
    @Test func continueOfflineAsksThePinFirstWhenTheSessionNeedsIt() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.unreachable, at: .seconds(2))))
        session.send(.session(.offlineDataChecked(Session.alice)))
        #expect(session.send(.action(.startup(.continueOffline))).isEmpty, "nothing read before the PIN")
        #expect(session.state.screen == .pin(PinForm(email: Session.alice.email)))
        #expect(session.state.isOffline)
        for digit in "1234" { session.send(.text(.insert(digit))) }
        let effects = session.send(.session(.unlockFinished(.unlocked, at: .seconds(3))))
        #expect(session.state.screen == .home)
        #expect(effects.contains(.budgets(.loadSettings)))
    }
}
