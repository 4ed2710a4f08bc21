import PulpeDomain
import Testing
@testable import PulpeCore

/// The month and year panels: which period is current, what is fetched, and how keys move around.
@Suite struct BrowseTests {
    private let settings = Browsing.settings
    private let november = Browsing.november

    private func browsing() -> Session { Browsing.session() }
    private func browse(_ session: Session) -> BrowseState? { Browsing.browse(session) }
    private func details(transactions count: Int) -> BudgetDetails { Browsing.details(transactions: count) }

    @Test func settingsDecideTheCurrentPeriodAndLoadMonthAndYear() {
        var session = Session.atHome()
        let effects = session.send(.budgets(.settingsLoaded(.loaded(settings, today: november21), at: .seconds(2))))
        // Pay day 25: the 21st of November is still in the period named November (25 Oct – 24 Nov).
        #expect(effects.filter { !$0.isSchedule } == [.budgets(.loadMonth(november)), .budgets(.loadYear(2026)),
                                                      .budgets(.loadMonth(BudgetMonth(year: 2026, month: 10))),
                                                      .budgets(.loadMonth(BudgetMonth(year: 2026, month: 12)))])
        #expect(browse(session)?.currentMonth == november)
        #expect(browse(session)?.months[november] == .loading)
        #expect(session.state.status.queue.last == StatusEntry(.loadingMonth) || session.state.status.current == StatusEntry(.loadingMonth))
    }

    @Test func aCachedMonthShowsAtOnceThenTheServerAnswerReplacesIt() {
        var session = browsing()
        let cached = Fetched(MonthContent.noBudget, fetchedAt: at("08:00"), fromCache: true)
        session.send(.budgets(.monthLoaded(november, .fetched(cached), at: .seconds(2))))
        #expect(browse(session)?.months[november] == .loaded(cached))
        let fresh = Fetched(MonthContent.budget(details(transactions: 3)), fetchedAt: at("14:33"), fromCache: false)
        session.send(.budgets(.monthLoaded(november, .fetched(fresh), at: .seconds(3))))
        #expect(browse(session)?.months[november] == .loaded(fresh))
        // A late cached copy never replaces fresher data.
        session.send(.budgets(.monthLoaded(november, .fetched(cached), at: .seconds(4))))
        #expect(browse(session)?.months[november] == .loaded(fresh))
    }

    @Test func aFailedRefreshKeepsTheDataAndSaysSo() {
        var session = browsing()
        let fresh = Fetched(MonthContent.budget(details(transactions: 3)), fetchedAt: at("14:33"), fromCache: false)
        session.send(.budgets(.monthLoaded(november, .fetched(fresh), at: .seconds(3))))
        session.send(.budgets(.monthLoaded(november, .failed(Failure.serverError), at: .seconds(9))))
        #expect(browse(session)?.months[november] == .loaded(fresh))
        #expect(session.state.status.current == StatusEntry(.error(.serverError, retry: .browse(.refresh))))
    }

    @Test func bracketsMoveMonthsAndPrefetchTheNeighbours() {
        var session = browsing()
        let effects = session.send(.action(.browse(.nextMonth)))
        let december = BudgetMonth(year: 2026, month: 12)
        #expect(browse(session)?.month == december)
        #expect(effects.filter { !$0.isSchedule } == [.budgets(.loadMonth(BudgetMonth(year: 2027, month: 1)))],
                "December was prefetched with November; January is its new neighbour")
        let back = session.send(.action(.browse(.previousMonth)))
        #expect(browse(session)?.month == november)
        #expect(back.filter { !$0.isSchedule }.isEmpty, "November and its neighbours are known already")
    }

    @Test func crossingTheYearLoadsTheOtherYearAndTBringsTheCurrentPeriodBack() {
        var session = browsing()
        session.send(.action(.browse(.nextMonth)))
        let effects = session.send(.action(.browse(.nextMonth)))
        #expect(browse(session)?.month == BudgetMonth(year: 2027, month: 1))
        #expect(browse(session)?.year == 2027)
        #expect(effects.contains(.budgets(.loadYear(2027))))
        session.send(.action(.browse(.currentPeriod)))
        #expect(browse(session)?.month == november)
        #expect(browse(session)?.year == 2026)
    }

    @Test func theYearGridSelectsAndOpensAMonth() {
        var session = browsing()
        session.send(.action(.browse(.switchPanel)))
        #expect(browse(session)?.focus == .year)
        #expect(browse(session)?.selectedMonthInYear == 11)
        session.send(.action(.browse(.moveLeft)))
        session.send(.action(.browse(.moveUp)))
        #expect(browse(session)?.selectedMonthInYear == 6)
        session.send(.action(.browse(.openSelectedMonth)))
        #expect(browse(session)?.focus == .month)
        #expect(browse(session)?.month == BudgetMonth(year: 2026, month: 6))
        session.send(.action(.browse(.switchPanel)))
        session.send(.action(.browse(.nextMonth)))   // `]` on the year panel changes the year
        #expect(browse(session)?.year == 2027)
    }

    @Test func scrollingStaysInRange() {
        var session = browsing()
        session.send(.budgets(.monthLoaded(november, .fetched(Fetched(.budget(details(transactions: 30)), fetchedAt: at("00:00"), fromCache: false)),
                                  at: .seconds(3))))
        // 80×24, no budget lines: 14 rows fit (see `MainScreenLayout`), so the last page starts at 16.
        #expect(browse(session)?.list.viewport == ListViewport(rowCount: 30, visibleRows: 14, offset: 0))
        session.send(.action(.browse(.moveUp)))
        #expect(browse(session)?.scroll == 0)
        session.send(.action(.browse(.pageDown)))
        #expect(browse(session)?.scroll == 13)
        session.send(.action(.browse(.moveToBottom)))
        #expect(browse(session)?.scroll == 16)
        session.send(.action(.browse(.moveDown)))
        #expect(browse(session)?.scroll == 16)
        session.send(.action(.browse(.moveToTop)))
        #expect(browse(session)?.scroll == 0)
    }

    /// No frame has been drawn: the core knows what fits from the terminal size alone.
    @Test func theListScrollsByWhatFitsAtTheSize() {
        var session = browsing()
        session.send(.budgets(.monthLoaded(november, .fetched(Fetched(.budget(details(transactions: 300)), fetchedAt: at("00:00"), fromCache: false)),
                                  at: .seconds(3))))
        let fits = MainScreenLayout.transactionRows(at: standardSize, focus: .month, lineCount: 0)
        #expect(fits == 14)
        #expect(browse(session)?.list.viewport.visibleRows == fits)
        session.send(.action(.browse(.pageDown)))
        #expect(browse(session)?.scroll == 13, "a page is what fits, less one row of context")
        session.send(.action(.browse(.moveToBottom)))
        #expect(browse(session)?.scroll == 286, "G goes to the real last page")
        session.send(.action(.browse(.moveUp)))
        #expect(browse(session)?.scroll == 285, "↑ after G moves at once")
        // The terminal grows to 120×40 (side by side, full summary): 28 rows fit, the scroll follows.
        session.send(.resized(Size(width: 120, height: 40)))
        #expect(browse(session)?.list.viewport == ListViewport(rowCount: 300, visibleRows: 28, offset: 272))
        session.send(.action(.browse(.pageUp)))
        #expect(browse(session)?.scroll == 245)
        // Tab at 80×24 shows the year alone: no list on screen, and the scroll is kept for coming back.
        session.send(.resized(standardSize))
        session.send(.action(.browse(.switchPanel)))
        #expect(browse(session)?.list.viewport.visibleRows == 0)
        session.send(.action(.browse(.switchPanel)))
        #expect(browse(session)?.list.viewport == ListViewport(rowCount: 300, visibleRows: 14, offset: 245))
        session.send(.action(.browse(.nextMonth)))
        #expect(browse(session)?.list.viewport == ListViewport(rowCount: 0, visibleRows: 0, offset: 0),
                "another month starts at the top (December is still loading)")
    }

    @Test func newDataKeepsTheScrollWithinTheLastPage() {
        var session = browsing()
        session.send(.budgets(.monthLoaded(november, .fetched(Fetched(.budget(details(transactions: 300)), fetchedAt: at("00:00"), fromCache: true)),
                                  at: .seconds(3))))
        session.send(.action(.browse(.moveToBottom)))
        #expect(browse(session)?.scroll == 286)
        // The server's answer has fewer transactions: the scroll stays on the (new) last page.
        session.send(.budgets(.monthLoaded(november, .fetched(Fetched(.budget(details(transactions: 100)), fetchedAt: at("00:01"), fromCache: false)),
                                  at: .seconds(4))))
        #expect(browse(session)?.list.viewport == ListViewport(rowCount: 100, visibleRows: 14, offset: 86))
        #expect(browse(session)?.list.rows.total == 100)
    }

    /// The filter is decided in the core, on the keystroke: the state holds the matching rows before
    /// anything is drawn, and scrolling or resizing reuses them.
    @Test func theFilterKeystrokeDecidesTheRows() {
        var session = browsing()
        session.send(.budgets(.monthLoaded(november, .fetched(Fetched(.budget(details(transactions: 300)), fetchedAt: at("00:00"), fromCache: false)),
                                  at: .seconds(3))))
        session.send(.action(.browse(.moveToBottom)))
        session.send(.action(.browse(.startFilter)))
        session.send(.text(.insert("t")))
        session.send(.text(.insert("1")))
        // « t1 » matches T1, T10–T19 and T100–T199, case ignored.
        let rows = browse(session)?.list.rows
        #expect(rows?.count == 111)
        #expect(rows?.total == 300)
        #expect(rows?.filter.query == "t1")
        #expect(rows.map { [$0[0], $0[1], $0[11], $0[110]] } == [1, 10, 100, 199])
        #expect(browse(session)?.scroll == 0, "a new filter starts at the top")
        session.send(.action(.browse(.endFilter)))
        session.send(.action(.browse(.moveToBottom)))
        #expect(browse(session)?.scroll == 97, "the last page of the 111 matches")
        session.send(.resized(Size(width: 120, height: 40)))
        #expect(browse(session)?.list.rows == rows, "kept, not recomputed, while only the viewport changes")
        #expect(browse(session)?.scroll == 83)
        session.send(.action(.browse(.clearFilter)))
        #expect(browse(session)?.list.rows.count == 300)
        #expect(browse(session)?.list.rows.filter.isActive == false)
        #expect(browse(session)?.scroll == 0)
    }

    @Test func theFilterTakesTextUntilEnterAndEscapeClearsIt() {
        var session = browsing()
        session.send(.action(.browse(.startFilter)))
        #expect(browse(session)?.isFiltering == true)
        for character in "coop" { session.send(.text(.insert(character))) }
        session.send(.action(.browse(.endFilter)))
        #expect(browse(session)?.filter.text == "coop")
        #expect(browse(session)?.isFiltering == false)
        session.send(.action(.browse(.clearFilter)))
        #expect(browse(session)?.filter.text == "")
    }

    @Test func privacyHidesAmountsAndSurvivesARefresh() {
        var session = browsing()
        session.send(.action(.browse(.togglePrivacy)))
        #expect(browse(session)?.isPrivate == true)
        session.send(.action(.browse(.refresh)))
        session.send(.budgets(.settingsLoaded(.loaded(settings, today: november21), at: .seconds(20))))
        #expect(browse(session)?.isPrivate == true)
    }

    @Test func aRefreshAsksAgainForWhatIsShownWithoutBlankingIt() {
        var session = browsing()
        let fresh = Fetched(MonthContent.noBudget, fetchedAt: at("14:33"), fromCache: false)
        session.send(.budgets(.monthLoaded(november, .fetched(fresh), at: .seconds(3))))
        // The shown month and year are asked again at the same time as the settings.
        let refresh = session.send(.action(.browse(.refresh)))
        #expect(refresh.filter { !$0.isSchedule }
                == [.budgets(.loadSettings), .outbox(.loadOutbox), .outbox(.syncOutbox), .budgets(.loadMonth(november)), .budgets(.loadYear(2026))])
        #expect(session.state.status.current == StatusEntry(.loadingMonth) || session.state.status.queue.contains(StatusEntry(.loadingMonth)))
        // Unchanged settings change nothing more.
        let effects = session.send(.budgets(.settingsLoaded(.loaded(settings, today: november21), at: .seconds(20))))
        #expect(effects.filter { !$0.isSchedule } == [])
        #expect(browse(session)?.months[november] == .loaded(fresh))
    }

    @Test func cachedSettingsStartTheMonthAndTheServerCopyDoesNotAskTwice() {
        var session = Session.atHome()
        let first = session.send(.budgets(.settingsLoaded(.cached(settings, today: november21), at: .milliseconds(40))))
        #expect(first.filter { !$0.isSchedule } == [.budgets(.loadMonth(november)), .budgets(.loadYear(2026)),
                                                    .budgets(.loadMonth(BudgetMonth(year: 2026, month: 10))),
                                                    .budgets(.loadMonth(BudgetMonth(year: 2026, month: 12)))])
        let second = session.send(.budgets(.settingsLoaded(.loaded(settings, today: november21), at: .milliseconds(90))))
        #expect(second.filter { !$0.isSchedule } == [])
        #expect(browse(session)?.currentMonth == november)
    }

    @Test func aPayDayChangedOnTheServerMovesToTheNewPeriodKeepingWhatIsHeld() {
        var session = Session.atHome()
        session.send(.budgets(.settingsLoaded(.cached(UserSettings(payDayOfMonth: 1, currency: .chf), today: november21),
                                     at: .milliseconds(40))))
        let held = Fetched(MonthContent.noBudget, fetchedAt: at("08:00"), fromCache: true)
        session.send(.budgets(.monthLoaded(november, .fetched(held), at: .milliseconds(50))))
        session.send(.action(.browse(.togglePrivacy)))
        // Pay day 20 on the server: from the 20th of November the period is named December.
        let effects = session.send(.budgets(.settingsLoaded(.loaded(UserSettings(payDayOfMonth: 20, currency: .chf), today: november21),
                at: .milliseconds(90))))
        let december = BudgetMonth(year: 2026, month: 12)
        #expect(browse(session)?.currentMonth == december)
        #expect(effects.filter { !$0.isSchedule }.first == .budgets(.loadMonth(december)))
        #expect(browse(session)?.months[november] == .loaded(held))
        #expect(browse(session)?.isPrivate == true)
    }

    @Test func aMonthThatFailedIsAskedAgainWhenShownAgain() {
        var session = browsing()
        let december = BudgetMonth(year: 2026, month: 12)
        session.send(.budgets(.monthLoaded(december, .failed(Failure.unreachable), at: .seconds(3))))
        let effects = session.send(.action(.browse(.nextMonth)))
        #expect(effects.contains(.budgets(.loadMonth(december))))
    }
}
