import Testing
@testable import PulpeCore

@Suite struct SplashTransitionTests {
    private let size = TerminalSize(columns: 80, rows: 24)

    private func started() -> (AppState, [Effect]) {
        var state = AppState.initial(size: size)
        let effects = Core.update(&state, .started(at: .milliseconds(5), size: size))
        return (state, effects)
    }

    @Test func startShowsTheSplashAndSchedulesBothDeadlines() {
        let (state, effects) = started()
        #expect(state.screen == .splash(SplashState(shownAt: .milliseconds(5))))
        #expect(effects == [
            .schedule(TimerToken(id: .splashMinimum, generation: 1), after: .milliseconds(1200)),
            .schedule(TimerToken(id: .splashMaximum, generation: 1), after: .seconds(2)),
        ])
    }

    @Test func theMinimumDeadlineLeavesTheSplash() {
        var (state, _) = started()
        let effects = Core.update(&state, .timerFired(TimerToken(id: .splashMinimum, generation: 1), at: .milliseconds(1205)))
        #expect(effects.isEmpty)
        #expect(state.screen == .home)
    }

    @Test func anyKeySkipsTheSplashAndLaterTicksAreStale() {
        var (state, _) = started()
        _ = Core.update(&state, .unboundKey)
        #expect(state.screen == .home)
        // The splash's own ticks arrive later and must not do anything.
        let before = state
        _ = Core.update(&state, .timerFired(TimerToken(id: .splashMaximum, generation: 1), at: .seconds(2)))
        #expect(state == before)
    }

    @Test func aStaleTickFromAnEarlierStartIsIgnored() {
        var (state, _) = started()
        _ = Core.update(&state, .started(at: .seconds(3), size: size))   // restart: generation 2
        _ = Core.update(&state, .timerFired(TimerToken(id: .splashMinimum, generation: 1), at: .seconds(3)))
        #expect(state.screen == .splash(SplashState(shownAt: .seconds(3))))
    }

    @Test func anUnboundKeyOnHomeDoesNothing() {
        var state = AppState(screen: .home, terminalSize: size)
        let before = state
        #expect(Core.update(&state, .unboundKey).isEmpty)
        #expect(state == before)
    }
}
