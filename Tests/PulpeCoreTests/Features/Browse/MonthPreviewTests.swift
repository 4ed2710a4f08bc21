import PulpeDomain
import Testing
@testable import PulpeCore

/// A huge cached month painted from its preview (`BudgetDetails.preview`: the first rows and the
/// whole month's figures) while its rows are read: it fills an empty slot only, keys wait for the
/// whole month and then act on it in order, `q` does not wait, and a whole read that fails takes
/// the preview with it.
@Suite struct MonthPreviewTests {
    private let november = Browsing.november

    private func browsing() -> Session { Browsing.session() }
    private func browse(_ session: Session) -> BrowseState? { Browsing.browse(session) }
    private func whole(_ count: Int) -> BudgetDetails { Browsing.details(transactions: count) }

    private func preview(of details: BudgetDetails, rows: Int = 40) -> Fetched<MonthContent> {
        let preview = BudgetDetails.preview(budget: details.budget, firstTransactions: Array(details.transactions.prefix(rows)),
                                            budgetLines: details.budgetLines, figures: details.figures,
                                            transactionCount: details.transactions.count)!
        return Fetched(.budget(preview), fetchedAt: at("08:00"), fromCache: true)
    }

    @Test func keysWaitForTheWholeMonthThenActOnItInOrder() {
        var session = browsing()
        let month = whole(1_000)
        session.send(.budgets(.monthLoaded(november, .fetched(preview(of: month)), at: .seconds(2))))
        #expect(browse(session)?.showsPreview == true)
        #expect(browse(session)?.list.rows.total == 1_000, "the title counts the whole month")
        #expect(browse(session)?.shownDetails?.totals == month.totals, "the whole month's figures")
        #expect(session.send(.action(.browse(.moveToBottom))).isEmpty)
        #expect(session.send(.action(.browse(.moveUp))).isEmpty)
        #expect(browse(session)?.scroll == 0, "nothing moved over the first rows")
        #expect(session.state.heldKeys.count == 2)

        session.send(.budgets(.monthLoaded(november, .fetched(Fetched(.budget(month), fetchedAt: at("08:00"), fromCache: true)),
                                           at: .seconds(2))))
        #expect(browse(session)?.showsPreview == false)
        #expect(session.state.heldKeys.isEmpty)
        // 80×24, no budget lines: 14 rows fit; the bottom of 1 000 rows, then one up.
        #expect(browse(session)?.scroll == 1_000 - 14 - 1)
    }

    @Test func aPreviewNeverReplacesAMonthHeldAndQuitDoesNotWait() {
        var session = browsing()
        let month = whole(1_000)
        let server = Fetched(MonthContent.budget(month), fetchedAt: at("09:00"), fromCache: false)
        session.send(.budgets(.monthLoaded(november, .fetched(server), at: .seconds(2))))
        session.send(.budgets(.monthLoaded(november, .fetched(preview(of: month)), at: .seconds(3))))
        #expect(browse(session)?.months[november] == .loaded(server))
        let cached = Fetched(MonthContent.budget(month), fetchedAt: at("08:00"), fromCache: true)
        var other = browsing()
        other.send(.budgets(.monthLoaded(november, .fetched(cached), at: .seconds(2))))
        other.send(.budgets(.monthLoaded(november, .fetched(preview(of: month)), at: .seconds(3))))
        #expect(browse(other)?.months[november] == .loaded(cached), "a whole cached copy stays too")

        var quitting = browsing()
        quitting.send(.budgets(.monthLoaded(november, .fetched(preview(of: month)), at: .seconds(2))))
        #expect(quitting.send(.action(.app(.quit))).contains { if case .quit = $0 { true } else { false } })
    }

    @Test func aWholeReadThatFailsTakesThePreviewAndLetsTheKeysGo() {
        var session = browsing()
        session.send(.budgets(.monthLoaded(november, .fetched(preview(of: whole(1_000))), at: .seconds(2))))
        session.send(.action(.browse(.togglePrivacy)))
        #expect(session.state.heldKeys.count == 1)
        session.send(.budgets(.monthLoaded(november, .failed(.offline), at: .seconds(2))))
        #expect(session.state.heldKeys.isEmpty)
        #expect(browse(session)?.months[november]?.isLoaded != true, "no preview without its month")
        #expect(browse(session)?.isPrivate == true, "the held key acted")
    }
}
