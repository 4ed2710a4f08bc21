import PulpeDomain
import Testing
@testable import PulpeCore

/// The runtime hands each message over with the clock's time: an answer posted before the clock
/// moved, or a key press (which carries no time), must not leave the core's « now » behind, or a
/// timer it re-arms relative to that « now » fires late — the status line stuck on « Vérification
/// du service… » on a loaded machine (CI, 2026-11-26).
@Suite struct HandledAtTests {
    @Test func aCachedMonthHandledLateShowsItsAgeAtOnce() {
        var session = Session()
        session.send(.started(at: .zero, size: standardSize))
        session.send(.session(.offlineDataChecked(FirstPaintTests.demo)))
        session.send(.budgets(.settingsLoaded(.cached(FirstPaintTests.settings, today: november21), at: .milliseconds(30))))
        // « Vérification du service… » holds the line until 800 ms. The cached month, read at 40 ms
        // but handled at 3.8 s, shows its « Données du … » at once: no timer left to wait for
        // (with the core's « now » at 40 ms it would queue it and wait 760 ms more from 3.8 s).
        var state = session.state
        let cached = Msg.budgets(.monthLoaded(FirstPaintTests.november, .fetched(FirstPaintTests.cachedNovember), at: .milliseconds(40)))
        let effects = Core.update(&state, cached, handledAt: .milliseconds(3800))
        #expect(state.now == .milliseconds(3800))
        #expect(state.status.current == StatusEntry(.cached(at: FirstPaintTests.cachedNovember.fetchedAt)))
        let delays = effects.compactMap { effect -> Duration? in
            if case let .schedule(token, after) = effect, token.id == .statusLine { after } else { nil }
        }
        #expect(delays.allSatisfy { $0 == .zero }, "\(effects)")
    }

    @Test func anOlderHandledAtNeverMovesNowBack() {
        var session = Session()
        session.send(.started(at: .milliseconds(500), size: standardSize))
        var state = session.state
        _ = Core.update(&state, .resized(standardSize), handledAt: .milliseconds(100))
        #expect(state.now == .milliseconds(500))
    }
}
