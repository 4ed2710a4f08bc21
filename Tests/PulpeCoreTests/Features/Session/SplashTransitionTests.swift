import Testing
@testable import PulpeCore

@Suite struct SplashTransitionTests {
    @Test func startShowsTheSplashSchedulesItsDeadlinesChecksTheServiceAndReadsTheSavedSession() {
        var session = Session()
        let effects = session.send(.started(at: .milliseconds(5), size: standardSize))
        #expect(session.state.screen == .splash(SplashState(shownAt: .milliseconds(5))))
        #expect(effects == [
            .schedule(TimerToken(id: .splashMinimum, generation: 1), after: .milliseconds(1200)),
            .schedule(TimerToken(id: .splashMaximum, generation: 1), after: .seconds(2)),
            .availability(.checkService),
            .session(.checkOfflineData),
        ])
        #expect(session.state.service == .unchecked)
        #expect(session.state.status.current == StatusEntry(.checkingService))
        #expect(session.state.startup == .checkingService)
    }

    @Test func aFastStartupWaitsForTheMinimumThenLeaves() {
        var session = Session()
        session.send(.started(at: .zero, size: standardSize))
        session.send(.availability(.serviceChecked(.available, at: .milliseconds(40))))
        session.send(.session(.sessionRestored(nil, at: .milliseconds(45))))
        #expect(session.state.afterSplash == .login(LoginForm()))
        #expect(session.state.screen == .splash(SplashState(shownAt: .zero)))
        session.fire(.splashMinimum, at: .milliseconds(1200))
        #expect(session.state.screen == .login(LoginForm()))
        #expect(session.state.afterSplash == nil)
    }

    @Test func aSlowStartupLeavesTheSplashAtTheMaximumForChecking() {
        var session = Session()
        session.send(.started(at: .zero, size: standardSize))
        session.fire(.splashMinimum, at: .milliseconds(1200))
        #expect(session.state.screen == .splash(SplashState(shownAt: .zero, minimumElapsed: true)))
        session.fire(.splashMaximum, at: .seconds(2))
        #expect(session.state.screen == .checking)
        session.send(.availability(.serviceChecked(.available, at: .seconds(3))))
        session.send(.session(.sessionRestored(nil, at: .seconds(3))))
        #expect(session.state.screen == .login(LoginForm()))
    }

    @Test func anyKeySkipsTheSplashAndItsTicksBecomeStale() {
        var session = Session()
        session.send(.started(at: .zero, size: standardSize))
        session.send(.unboundKey)
        #expect(session.state.screen == .checking)
        var expected = session.state
        session.send(.timerFired(TimerToken(id: .splashMaximum, generation: 1), at: .seconds(2)))
        expected.now = .seconds(2)   // time moves on; nothing else does
        #expect(session.state == expected)
    }

    @Test func skippingGoesWhereStartupAlreadyDecided() {
        var session = Session()
        session.send(.started(at: .zero, size: standardSize))
        session.send(.availability(.serviceChecked(.maintenance(message: nil), at: .milliseconds(30))))
        session.send(.action(.startup(.skipSplash)))
        guard case .maintenance = session.state.screen else {
            Issue.record("expected maintenance, got \(session.state.screen)")
            return
        }
    }

    @Test func aStaleTickFromAnEarlierStartIsIgnored() {
        var session = Session()
        session.send(.started(at: .zero, size: standardSize))
        session.send(.started(at: .seconds(3), size: standardSize))   // generation 2
        session.send(.timerFired(TimerToken(id: .splashMinimum, generation: 1), at: .seconds(3)))
        #expect(session.state.screen == .splash(SplashState(shownAt: .seconds(3))))
    }
}
