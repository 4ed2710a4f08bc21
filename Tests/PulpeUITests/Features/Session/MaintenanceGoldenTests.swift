import PulpeCore
import PulpeTerminal
import PulpeUI
import Testing

/// Golden screens of maintenance (docs/product.md §2.3): sizes, each retry outcome, reduced motion, ASCII.
@Suite struct MaintenanceGoldenTests {
    private func maintenance(_ configure: (inout MaintenanceState) -> Void = { _ in }) -> Screen {
        var state = MaintenanceState(shownAt: .zero)
        state.nextCheckAt = .seconds(28)
        configure(&state)
        return .maintenance(state)
    }

    @Test(arguments: [(80, 24), (120, 40), (60, 20)])
    func sizes(columns: Int, rows: Int) {
        expectGolden("maintenance-\(columns)x\(rows)", state: .at(maintenance(), columns: columns, rows: rows),
                     now: .milliseconds(500), context: Contexts.colour)
    }

    @Test func theAnimationAdvancesWithTheClock() {
        let state = AppState.at(maintenance(), columns: 80, rows: 24)
        let first = RootView.render(state, now: .zero, context: Contexts.colour).buffer.textLines()
        let later = RootView.render(state, now: .milliseconds(500), context: Contexts.colour).buffer.textLines()
        #expect(first != later)
        #expect(RootView.render(state, now: .zero, context: Contexts.colour).nextRedraw == AppTime(.seconds(1) / 6))
    }

    @Test func retryOutcomes() {
        expectGolden("maintenance-checking-80x24", state: .at(maintenance { $0.isChecking = true; $0.nextCheckAt = nil },
                                                                columns: 80, rows: 24), now: .milliseconds(90), context: Contexts.colour)
        expectGolden("maintenance-still-on-80x24", state: .at(maintenance { $0.feedback = .stillInMaintenance }, columns: 80, rows: 24),
                     context: Contexts.colour)
        expectGolden("maintenance-connection-trouble-80x24",
                     state: .at(maintenance { $0.feedback = .connectionTrouble }, columns: 80, rows: 24), context: Contexts.colour)
    }

    /// docs/product.md §2.3: with a cache, `o` « Continuer hors ligne » on the screen and in the footer.
    @Test(arguments: [(80, 24), (60, 20)])
    func withACacheToBrowseOffline(columns: Int, rows: Int) {
        let offline = SessionSummary(email: "demo@pulpe.local", isDemo: true, isUnlocked: false)
        expectGolden("maintenance-offline-\(columns)x\(rows)", state: .at(maintenance { $0.offlineSession = offline },
                                                                          columns: columns, rows: rows),
                     now: .milliseconds(500), context: Contexts.colour)
    }

    @Test func reducedMotionAndASCII() {
        expectGolden("maintenance-80x24-reduced-motion", state: .at(maintenance(), columns: 80, rows: 24),
                     now: .milliseconds(1700), context: Contexts.reducedMotion)
        expectGolden("maintenance-80x24-ascii", state: .at(maintenance(), columns: 80, rows: 24), context: Contexts.asciiNoColour)
        let state = AppState.at(maintenance(), columns: 80, rows: 24)
        #expect(RootView.render(state, now: .zero, context: Contexts.reducedMotion).nextRedraw == .seconds(1),
                "with reduced motion only the countdown wakes the loop")
    }

    @Test func theCountdownSaysSecondsRoundedUp() {
        let state = AppState.at(maintenance(), columns: 80, rows: 24)
        let text = RootView.render(state, now: .milliseconds(100), context: Contexts.colour).buffer.textLines().joined()
        #expect(text.contains("Prochaine vérification dans 28 s"))
        let later = RootView.render(state, now: .milliseconds(27_500), context: Contexts.colour).buffer.textLines().joined()
        #expect(later.contains("Prochaine vérification dans 1 s"))
    }
}
