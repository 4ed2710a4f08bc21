import PulpeDomain
import PulpeTerminal
import PulpeUI
import Testing

/// Golden screens of the « Mois » panel at 120×40 (beside the year), 80×24 and 60×20, in colour and in
/// ASCII without colour. Fixed data (`PanelFixtures`), frozen date.
@Suite struct PanelMonthGoldenTests {
    @Test func loadedMonth() {
        PanelScreens.expectMonthGoldens("loaded", PanelFixtures.month(.loaded(PanelFixtures.novemberDetails)))
    }

    @Test func deficitMonth() {
        PanelScreens.expectMonthGoldens("deficit", PanelFixtures.month(.loaded(PanelFixtures.octoberDetails),
                                                                        month: PanelFixtures.october))
    }

    @Test func monthWithoutBudget() {
        PanelScreens.expectMonthGoldens("no-budget", PanelFixtures.month(.noBudget, month: PanelFixtures.december))
    }

    @Test func loadingPlaceholders() {
        PanelScreens.expectMonthGoldens("loading", PanelFixtures.month(.loading))
    }

    @Test func monthWithoutTransactions() {
        PanelScreens.expectMonthGoldens("empty", PanelFixtures.month(.loaded(PanelFixtures.emptyDetails),
                                                                      month: PanelFixtures.january2027))
    }

    /// « courses » matches through the allocated line's name, whatever the case.
    @Test func filterWithMatches() {
        PanelScreens.expectMonthGoldens("filter-match", PanelFixtures.month(.loaded(PanelFixtures.novemberDetails),
                                                                             filter: "COURSES", selected: 1))
    }

    @Test func filterWithoutMatches() {
        PanelScreens.expectMonthGoldens("filter-none", PanelFixtures.month(.loaded(PanelFixtures.novemberDetails),
                                                                            filter: "fondue"))
    }

    /// 300 transactions from offset 50, with the selection on the first visible row.
    @Test func scrolledList() {
        PanelScreens.expectMonthGoldens("scrolled", PanelFixtures.month(.loaded(PanelFixtures.novemberWith(transactions: 300)),
                                                                         offset: 50, selected: 50))
    }

    @Test func privacyMode() {
        PanelScreens.expectMonthGoldens("privacy", PanelFixtures.month(.loaded(PanelFixtures.novemberDetails), isPrivate: true))
    }

    /// Both panels side by side, the year one not focused, as the lead will compose them at 120×40.
    @Test func sideBySide() {
        let size = Size(width: 120, height: 40)
        for context in PanelScreens.contexts {
            var painter = Painter(width: size.width, height: size.height, context: context.context)
            guard case let .sideBySide(monthRect, yearRect) = MainLayout.panels(for: size, focused: .month) else {
                Issue.record("120×40 should be side by side")
                return
            }
            MonthPanelView.draw(PanelFixtures.month(.loaded(PanelFixtures.novemberDetails)), in: monthRect, into: &painter)
            var year = PanelFixtures.year(.loaded(PanelFixtures.year2026), selected: 11)
            year.isFocused = false
            YearPanelView.draw(year, in: yearRect, into: &painter)
            PanelScreens.expectMatches("month-year-side-by-side-120x40\(context.suffix)", painter)
        }
    }
}
