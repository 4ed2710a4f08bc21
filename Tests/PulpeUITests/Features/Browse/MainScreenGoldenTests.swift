import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
@testable import PulpeUI
import Testing

/// The main screen assembled from state: header, panels by size, status line, footer.
@Suite struct MainScreenGoldenTests {
    private func state(columns: Int, rows: Int, configure: (inout BrowseState) -> Void = { _ in }) -> AppState {
        let settings = UserSettings(payDayOfMonth: PanelFixtures.payDay, currency: .chf)
        var browse = BrowseState(today: PanelFixtures.today, settings: settings)
        browse.months[PanelFixtures.november] = .loaded(Fetched(.budget(PanelFixtures.novemberDetails), fetchedAt: at("14:32"), fromCache: false))
        browse.years[2026] = .loaded(Fetched(PanelFixtures.year2026, fetchedAt: at("14:32"), fromCache: false))
        configure(&browse)
        // As the core does after every message: the filtered rows and the viewport for this size.
        browse.layOutList(in: Size(width: columns, height: rows))
        let session = SessionSummary(email: "demo@pulpe.local", isDemo: false, isUnlocked: true)
        var state = AppState.at(home: (HomeState(session: session, settings: .loaded(settings), browse: browse)),
                                columns: columns, rows: rows)
        state.status.post(StatusEntry(.updated(at: at("14:32"))), now: .zero)
        return state
    }

    private var colour: ViewContext {
        ViewContext(capabilities: Contexts.colour.capabilities, animations: Contexts.animations, timeZone: PanelFixtures.timeZone)
    }

    private var ascii: ViewContext {
        ViewContext(capabilities: Contexts.asciiNoColour.capabilities, animations: Contexts.animations, timeZone: PanelFixtures.timeZone)
    }

    @Test(arguments: [(120, 40), (80, 24), (60, 20)])
    func monthFocused(columns: Int, rows: Int) {
        expectGolden("main-\(columns)x\(rows)", state: state(columns: columns, rows: rows), context: colour)
        expectGolden("main-\(columns)x\(rows)-ascii", state: state(columns: columns, rows: rows), context: ascii)
    }

    /// Tags after the name (`#resto`), muted; a long name keeps half the column, the tags are cut;
    /// a tag the catalogue does not know is not shown (decision 88).
    @Test(arguments: [(120, 40), (80, 24)])
    func rowsWithTags(columns: Int, rows: Int) {
        let tagged = state(columns: columns, rows: rows) { browse in
            guard case var .loaded(fetched)? = browse.months[PanelFixtures.november], case var .budget(details) = fetched.value else { return }
            let tags = ["t01": ["g-courses"], "t02": ["g-resto", "g-unknown"], "t03": ["g-resto", "g-anniv", "g-courses"],
                        "t06": ["g-maison"]]
            for index in details.transactions.indices { details.transactions[index].tagIds = tags[details.transactions[index].id] ?? [] }
            fetched.value = .budget(details)
            browse.months[PanelFixtures.november] = .loaded(fetched)
            // The catalogue as `Core.tagsKnown` hands it to the browse state.
            browse.tagNames = ["g-courses": "courses", "g-resto": "resto", "g-anniv": "anniversaire", "g-maison": "maison"]
        }
        expectGolden("main-tags-\(columns)x\(rows)", state: tagged, context: colour)
    }

    @Test func yearFocusedAt80x24() {
        expectGolden("main-year-80x24", state: state(columns: 80, rows: 24) { $0.focus = .year }, context: colour)
    }

    @Test func filteringShowsTheFilterLine() {
        let filtering = state(columns: 80, rows: 24) { browse in
            browse.isFiltering = true
            for character in "épi" { browse.filter.apply(.insert(character)) }
        }
        expectGolden("main-filtering-80x24", state: filtering, context: colour)
    }

    /// `/kind:income` (issue 63): the query's fields filter the prévisions table with the
    /// transactions — only the income prévisions and the income rows are listed.
    @Test(arguments: [(80, 24), (120, 40)])
    func aKindTermFiltersThePrevisionsAndTheTransactions(columns: Int, rows: Int) throws {
        var filtered = state(columns: columns, rows: rows) { _ in }
        _ = Core.update(&filtered, .action(.browse(.startFilter)))
        for character in "kind:income" { _ = Core.update(&filtered, .text(.insert(character))) }
        _ = Core.update(&filtered, .action(.browse(.endFilter)))
        let browse = try #require(filtered.home?.browse)
        let details = try #require(browse.shownDetails)
        #expect(!browse.shownLineOrder.isEmpty)
        #expect(browse.shownLineOrder.allSatisfy { details.budgetLines[$0].kind == .income })
        #expect(browse.list.rows.count > 0)
        expectGolden("month-filter-kind-\(columns)x\(rows)", state: filtered, context: colour)
    }

    /// The list the view draws is the one the core laid out: as many rows as it counted, from its offset.
    @Test func theScreenShowsTheViewportTheCoreKeeps() throws {
        var long = state(columns: 80, rows: 24) { browse in
            browse.months[PanelFixtures.november] = .loaded(Fetched(.budget(PanelFixtures.novemberWith(transactions: 300)),
                                                                    fetchedAt: at("14:32"), fromCache: false))
        }
        _ = Core.update(&long, .action(.browse(.moveToBottom)))
        guard case .home = long.screen, let home = long.home, let viewport = home.browse?.list.viewport else {
            Issue.record("no browse state")
            return
        }
        #expect(viewport.rowCount == 300)
        #expect(viewport.visibleRows > 3)
        #expect(viewport.offset == viewport.lastOffset)
        let text = RootView.render(long, now: .zero, context: colour).buffer.textLines().joined(separator: "\n")
        #expect(text.contains("\(viewport.lastOffset + 1)–300 / 300"), "the last page, as the core counted it")
    }

    @Test func loadingShowsGreyFramesNeverZeros() {
        let loading = state(columns: 80, rows: 24) { browse in
            browse.months[PanelFixtures.november] = .loading
        }
        let text = RootView.render(loading, now: .zero, context: colour).buffer.textLines().joined()
        #expect(!text.contains("0.00"))
        #expect(!text.contains("Disponible à dépenser"))
    }

    @Test func theDisplayedAvailableMatchesTheFormulas() {
        let remaining = PanelFixtures.novemberDetails.totals.remaining
        let expected = MoneyFormatter.format(remaining, currency: .chf)
        let text = RootView.render(state(columns: 120, rows: 40), now: .zero, context: colour).buffer.textLines().joined()
        #expect(text.contains(expected))
    }
}
