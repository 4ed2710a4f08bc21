import Foundation
import PulpeDomain
import PulpeTerminal
import PulpeUI
import Testing

/// Behaviour of the year panel and of the Main layout.
@Suite struct PanelYearTests {
    private func text(_ painter: Painter) -> String { painter.buffer.textLines().joined(separator: "\n") }

    @Test func theClosingBalanceIsTheLatestBudgetedMonth() {
        let model = PanelFixtures.year(.loaded(PanelFixtures.year2026))
        #expect(model.closingBalance == PanelFixtures.amount("2434.35"))
        #expect(model.closingMonth == 11)
        #expect(model.remainingByMonth[3] == nil)
        #expect(model.remainingByMonth.count == 10)
        for size in PanelScreens.sizes {
            let screen = text(PanelScreens.year(model, size: size.size, context: Contexts.colour).painter)
            #expect(screen.contains("Solde de fin d'année"))
            #expect(screen.contains("2’434.35 CHF"))
        }
        #expect(PanelFixtures.year(.loaded([])).closingBalance == nil)
    }

    @Test func summariesOfOtherYearsAreIgnored() {
        var summaries = PanelFixtures.year2026
        summaries.append(BudgetSummary(id: "x", month: 12, year: 2025, remaining: 99))
        summaries.append(BudgetSummary(id: "y", month: nil, year: 2026, remaining: 98))
        #expect(PanelFixtures.year(.loaded(summaries)).remainingByMonth == PanelFixtures.year(.loaded(PanelFixtures.year2026)).remainingByMonth)
    }

    @Test func theGridShowsShortNamesCompactAmountsAndDashes() {
        let (painter, layout) = PanelScreens.year(PanelFixtures.year(.loaded(PanelFixtures.year2026)), size: Size(width: 80, height: 24),
                                                  context: Contexts.colour)
        let screen = text(painter)
        for name in FrenchMonths.shortNames { #expect(screen.contains(name)) }
        #expect(screen.contains("1’850 CHF"))
        #expect(screen.contains("-421 CHF"))
        #expect(layout.monthCells.count == 12)
        // March has no budget.
        let march = layout.monthCells[3]!
        #expect(painter.buffer.textLines()[march.y + 1].contains("—"))
        #expect(layout.month(atX: march.x + 1, y: march.y) == 3)
    }

    @Test func currentSelectedAndDeficitMonthsStandOut() {
        let (painter, layout) = PanelScreens.year(PanelFixtures.year(.loaded(PanelFixtures.year2026)), size: Size(width: 80, height: 24),
                                                  context: Contexts.colour)
        let styles = painter.buffer.styleLines().map(Array.init)
        let september = layout.monthCells[9]!
        #expect(styles[september.y][september.x] == "s")
        #expect(styles[september.y + 1][september.maxX - 1] == "s")
        let november = layout.monthCells[11]!
        #expect(styles[november.y][november.x + 1] == "H")
        let october = layout.monthCells[10]!
        #expect(styles[october.y + 1][october.x + 1] == "n")
    }

    @Test func loadingShowsGreyFramesNeverZeros() {
        for size in PanelScreens.sizes {
            let (painter, layout) = PanelScreens.year(PanelFixtures.year(.loading), size: size.size, context: Contexts.colour)
            let screen = text(painter)
            #expect(!screen.contains("CHF"))
            #expect(!screen.contains("—"))
            #expect(layout == .none)
        }
    }

    @Test func privacyHidesEveryAmount() {
        for size in PanelScreens.sizes {
            let screen = text(PanelScreens.year(PanelFixtures.year(.loaded(PanelFixtures.year2026), isPrivate: true), size: size.size,
                                                context: Contexts.colour).painter)
            #expect(screen.contains("•••• CHF"))
            #expect(screen.range(of: "[0-9] CHF", options: .regularExpression) == nil)
        }
    }

    @Test func mainLayoutPutsThePanelsSideBySideOnlyWhenTheyFit() {
        guard case let .sideBySide(month, year) = MainLayout.panels(for: Size(width: 120, height: 40), focused: .year) else {
            Issue.record("120×40 should be side by side")
            return
        }
        #expect(month == Rect(x: 0, y: 2, width: 70, height: 36))
        #expect(year == Rect(x: 70, y: 2, width: 50, height: 36))
        #expect(MainLayout.panels(for: Size(width: 80, height: 24), focused: .year) == .single(.year, Rect(x: 0, y: 2, width: 80, height: 20)))
        #expect(MainLayout.panels(for: Size(width: 60, height: 20), focused: .month) == .single(.month, Rect(x: 0, y: 2, width: 60, height: 16)))
        #expect(MainLayout.panels(for: Size(width: 119, height: 40), focused: .month) == .single(.month, Rect(x: 0, y: 2, width: 119, height: 36)))
        let custom = Rect(x: 0, y: 1, width: 200, height: 50)
        guard case let .sideBySide(wideMonth, wideYear) = MainLayout.panels(for: Size(width: 200, height: 53), in: custom, focused: .month) else {
            Issue.record("200×53 should be side by side")
            return
        }
        #expect(wideYear.width == MainLayout.yearMaximumWidth)
        #expect(wideMonth.width + wideYear.width == 200)
    }

    @Test func panelsNeverTrapOnTinyRectangles() {
        for width in 0..<14 {
            for height in 0..<8 {
                var painter = Painter(width: 20, height: 10, context: Contexts.colour)
                let rect = Rect(x: 1, y: 1, width: width, height: height)
                MonthPanelView.draw(PanelFixtures.month(.loaded(PanelFixtures.novemberDetails), offset: 5, selected: 3), in: rect, into: &painter)
                MonthPanelView.draw(PanelFixtures.month(.loading), in: rect, into: &painter)
                YearPanelView.draw(PanelFixtures.year(.loaded(PanelFixtures.year2026)), in: rect, into: &painter)
                #expect(painter.buffer.textLines().allSatisfy { $0.displayWidth == 20 })
            }
        }
    }
}
