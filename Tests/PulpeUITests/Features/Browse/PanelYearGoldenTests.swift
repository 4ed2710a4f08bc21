import PulpeDomain
import PulpeTerminal
import PulpeUI
import Testing

/// Golden screens of the « Année » panel: grid with the current (November) and selected (September)
/// months, March and December without budget, October in deficit; loading; privacy.
@Suite struct PanelYearGoldenTests {
    @Test func loadedYear() {
        PanelScreens.expectYearGoldens("loaded", PanelFixtures.year(.loaded(PanelFixtures.year2026)))
    }

    @Test func loadingPlaceholders() {
        PanelScreens.expectYearGoldens("loading", PanelFixtures.year(.loading))
    }

    @Test func privacyMode() {
        PanelScreens.expectYearGoldens("privacy", PanelFixtures.year(.loaded(PanelFixtures.year2026), isPrivate: true))
    }

    @Test func yearWithoutAnyBudget() {
        PanelScreens.expectYearGoldens("empty", PanelFixtures.year(.loaded([]), selected: 1))
    }
}
