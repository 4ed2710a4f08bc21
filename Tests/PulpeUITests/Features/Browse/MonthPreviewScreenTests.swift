import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
@testable import PulpeUI
import Testing

/// A huge month painted from its preview (the first rows and the whole month's figures, as the
/// cache keeps them) is the screen the whole month gives: same panels, same title, same rows.
@Suite struct MonthPreviewScreenTests {
    private func state(_ details: BudgetDetails, columns: Int, rows: Int) -> AppState {
        let settings = UserSettings(payDayOfMonth: PanelFixtures.payDay, currency: .chf)
        var browse = BrowseState(today: PanelFixtures.today, settings: settings)
        browse.months[PanelFixtures.november] = .loaded(Fetched(.budget(details), fetchedAt: at("14:32"), fromCache: true))
        browse.years[2026] = .loaded(Fetched(PanelFixtures.year2026, fetchedAt: at("14:32"), fromCache: true))
        browse.layOutList(in: Size(width: columns, height: rows))
        let session = SessionSummary(email: "demo@pulpe.local", isDemo: false, isUnlocked: true)
        var state = AppState.at(home: (HomeState(session: session, settings: .loaded(settings), browse: browse)),
                                columns: columns, rows: rows)
        state.status.post(StatusEntry(.cached(at: at("14:32"))), now: .zero)
        return state
    }

    @Test(arguments: [(120, 40), (80, 24), (200, 60)])
    func thePreviewPaintsTheWholeMonthsScreen(columns: Int, rows: Int) throws {
        let whole = PanelFixtures.novemberWith(transactions: 12_000)
        let preview = try #require(BudgetDetails.preview(
            budget: whole.budget, firstTransactions: Array(whole.transactions.prefix(MonthPreview.firstRows)),
            budgetLines: whole.budgetLines, figures: whole.figures, transactionCount: whole.transactions.count))
        let context = Contexts.colour
        let fromPreview = RootView.render(state(preview, columns: columns, rows: rows), now: .zero, context: context).buffer
        let fromWhole = RootView.render(state(whole, columns: columns, rows: rows), now: .zero, context: context).buffer
        #expect(fromPreview.textLines() == fromWhole.textLines())
        #expect(fromPreview.styleLines() == fromWhole.styleLines())
        #expect(fromWhole.textLines().joined().contains("12’000"), "the title counts every row")
    }
}
