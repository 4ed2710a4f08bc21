import PulpeDomain
import Testing
@testable import PulpeCore

/// The home screen's first data: the user's settings, loaded on arrival and on `r`.
@Suite struct HomeDataTests {
    private func home(_ session: Session) -> HomeState? {
        if case .home = session.state.screen, let home = session.state.home { home } else { nil }
    }

    @Test func arrivingHomeLoadsTheSettings() {
        let session = Session.atHome()
        #expect(Array(session.effects.suffix(3)) == [.budgets(.loadSettings), .outbox(.loadOutbox), .outbox(.syncOutbox)],
                "the settings, and what the outbox holds: shown, then sent")
        #expect(home(session)?.settings == .loading)
        #expect(session.state.status.current == StatusEntry(.loadingMonth))
    }

    @Test func loadedSettingsAreShownAndTheLineSaysWhen() {
        var session = Session.atHome()
        let settings = UserSettings(payDayOfMonth: 25, currency: .chf)
        session.send(.budgets(.settingsLoaded(.loaded(settings, today: november21), at: .seconds(2))))
        #expect(home(session)?.settings == .loaded(settings))
        // The month comes next: its arrival says « Mis à jour à … ».
        #expect(session.state.status.queue.contains(StatusEntry(.loadingMonth))
                || session.state.status.current == StatusEntry(.loadingMonth))
    }

    @Test func aFailureIsAnErrorOnTheStatusLineWithTheRetryKey() {
        var session = Session.atHome()
        session.send(.budgets(.settingsLoaded(.failed(Failure.unreachable),
                                     at: .seconds(2))))
        #expect(home(session)?.settings == .failed(.unreachable))
        #expect(session.state.status.current == StatusEntry(.error(.unreachable, retry: .browse(.refresh))))
        #expect(session.send(.action(.browse(.refresh))) == [.budgets(.loadSettings), .outbox(.loadOutbox), .outbox(.syncOutbox)])
        #expect(session.state.status.current == StatusEntry(.loadingMonth))
    }

    @Test func aRefreshKeepsWhatIsShownUntilTheAnswer() {
        var session = Session.atHome()
        let settings = UserSettings(payDayOfMonth: nil, currency: .eur)
        session.send(.budgets(.settingsLoaded(.loaded(settings, today: november21), at: .seconds(2))))
        session.send(.action(.browse(.refresh)))
        #expect(home(session)?.settings == .loaded(settings))
    }

    @Test func maintenanceDuringARefreshComesBackHomeAndReloads() {
        var session = Session.atHome()
        session.send(.action(.browse(.refresh)))
        session.send(.availability(.maintenanceDetected(message: nil, at: .seconds(5))))
        session.send(.budgets(.settingsLoaded(.failed(Failure.maintenance), at: .seconds(5))))
        guard case .maintenance = session.state.screen else { Issue.record("\(session.state.screen)"); return }
        session.send(.action(.startup(.retry)))
        session.send(.availability(.serviceChecked(.available, at: .seconds(6))))
        let effects = session.send(.session(.sessionRestored(SessionSummary(email: "alice@example.ch", isDemo: false, isUnlocked: true),
                                                    at: .seconds(6))))
        #expect(effects.contains(.budgets(.loadSettings)))
        #expect(home(session) != nil)
    }

    @Test func aReturningUserGoesHomeWithoutWaitingOutTheSplash() {
        var session = Session()
        session.send(.started(at: .zero, size: standardSize))
        session.send(.availability(.serviceChecked(.available, at: .milliseconds(10))))
        session.send(.session(.sessionRestored(SessionSummary(email: "d", isDemo: false, isUnlocked: true), at: .milliseconds(20))))
        #expect(home(session) != nil, "home at 20 ms, not at the splash's 1.2 s minimum")
        let settings = UserSettings(payDayOfMonth: 25, currency: .chf)
        session.send(.budgets(.settingsLoaded(.loaded(settings, today: november21), at: .milliseconds(30))))
        #expect(home(session)?.settings == .loaded(settings))
    }
}
