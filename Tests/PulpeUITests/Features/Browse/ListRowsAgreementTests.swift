import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
import PulpeUI
import Testing

/// The core scrolls the transaction list by `MainScreenLayout.transactionRows`; the month panel draws
/// it where `MainLayout` and `MonthPlan` put it. Both come from the same numbers, so at every size,
/// focus and number of budget lines they must agree — or `G` and PgDn would miss what is on screen.
@Suite struct ListRowsAgreementTests {
    private func details(lines count: Int) -> BudgetDetails {
        let lines = (0..<count).map { PanelFixtures.line("l\($0)", "Ligne \($0)", "100", .expense, budget: "b-nov") }
        return BudgetDetails(budget: PanelFixtures.novemberDetails.budget, transactions: PanelFixtures.manyTransactions(40),
                             budgetLines: lines)
    }

    /// The height of the list the view draws at `size` with `focus`, as `MainView` lays the panels out.
    private func drawnRows(_ details: BudgetDetails, size: Size, focus: MainPanel) -> Int {
        var painter = Painter(width: size.width, height: size.height, context: Contexts.colour)
        let model = PanelFixtures.month(.loaded(details))
        switch MainLayout.panels(for: size, focused: focus) {
        case let .sideBySide(month, _):
            return MonthPanelView.draw(model, in: month, into: &painter).height
        case let .single(panel, rect):
            return panel == .month ? MonthPanelView.draw(model, in: rect, into: &painter).height : 0
        }
    }

    @Test(arguments: [60, 80, 119, 120, 160, 200])
    func theCoreCountsTheRowsTheViewDraws(columns: Int) {
        for lineCount in [0, 1, 2, 3, 5, 8, 12] {
            let month = details(lines: lineCount)
            for rows in 20...60 {
                for (focus, panel) in [(PanelFocus.month, MainPanel.month), (.year, .year)] {
                    let counted = MainScreenLayout.transactionRows(at: Size(width: columns, height: rows), focus: focus,
                                                                   lineCount: lineCount)
                    let drawn = drawnRows(month, size: Size(width: columns, height: rows), focus: panel)
                    #expect(counted == drawn, "\(columns)×\(rows), \(lineCount) lines, focus \(focus)")
                }
            }
        }
    }

    @Test func belowTheMinimumNoListIsCounted() {
        #expect(MainScreenLayout.transactionRows(at: Size(width: 59, height: 30), focus: .month, lineCount: 3) == 0)
        #expect(MainScreenLayout.transactionRows(at: Size(width: 80, height: 19), focus: .month, lineCount: 3) == 0)
    }
}
