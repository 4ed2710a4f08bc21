import PulpeDomain
import PulpeCore
import PulpeUI
import Testing

@Suite struct HomeSettingsGoldenTests {
    @Test func loadedSettingsAreShown() {
        let session = SessionSummary(email: "demo@pulpe.local", isDemo: false, isUnlocked: true)
        let home = HomeState(session: session, settings: .loaded(UserSettings(payDayOfMonth: 25, currency: .chf)))
        expectGolden("home-settings-80x24", state: .at(home: home, columns: 80, rows: 24), context: Contexts.colour)
        let failed = HomeState(session: session, settings: .failed(.unreachable))
        expectGolden("home-settings-failed-60x20-ascii", state: .at(home: failed, columns: 60, rows: 20), context: Contexts.asciiNoColour)
    }
}
