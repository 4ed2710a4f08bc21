import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
import Testing
@testable import PulpeUI

/// The tags screen (`T`), a tag's history chart (`H`) and the forms' « Tags » field (decisions 88 and 89).
@Suite struct TagScreensGoldenTests {
    static func tag(_ id: String, _ name: String) -> PulpeDomain.Tag {
        PulpeDomain.Tag(id: id, userId: "u", name: name, createdAt: at("12:00"), updatedAt: at("12:00"))
    }

    static let catalogue = [tag("g-courses", "courses"), tag("g-resto", "resto"), tag("g-vacances", "vacances")]

    /// November with two rows tagged « resto » and one « courses », the catalogue known.
    static func tagged(columns: Int = 80, rows: Int = 24) -> AppState {
        var state = HomeFixture.state(columns: columns, rows: rows)
        guard var browse = state.home?.browse, case var .loaded(fetched)? = browse.months[PanelFixtures.november],
              case var .budget(details) = fetched.value else { return state }
        let tags = ["t01": ["g-courses"], "t02": ["g-resto"], "t03": ["g-resto"]]
        for index in details.transactions.indices { details.transactions[index].tagIds = tags[details.transactions[index].id] ?? [] }
        fetched.value = .budget(details)
        browse.months[PanelFixtures.november] = .loaded(fetched)
        browse.tagNames = Dictionary(uniqueKeysWithValues: catalogue.map { ($0.id, $0.name) })
        state.home?.browse = browse
        state.replica.tags = catalogue
        return state
    }

    @Test func theTagsScreenAsksBeforeADelete() {
        var state = Self.tagged()
        var screen = TagsScreen()
        screen.selected = 1
        let carriers = state.home?.browse?.shownDetails.map { Core.carriers(of: Self.catalogue[1], in: $0) } ?? []
        #expect(carriers.count == 2)
        screen.mode = .confirmingDelete(Self.catalogue[1], carriers: carriers)
        state.home?.tags = screen
        expectGolden("tags-delete-80x24", state: state, context: Contexts.colour)
    }

    @Test func theTagsScreenList() {
        var state = Self.tagged()
        state.home?.tags = TagsScreen()
        expectGolden("tags-list-80x24", state: state, context: Contexts.colour)
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func aTagsHistoryAsBars(columns: Int, rows: Int) {
        var state = Self.tagged(columns: columns, rows: rows)
        var chart = TagChart(tags: [Self.catalogue[1]], months: 6, end: PanelFixtures.november)
        let figures: [(Decimal, Decimal)] = [(300, 280.5), (300, 310), (300, 0), (250, 120), (0, 45.2), (300, 84.35)]
        let periods = figures.enumerated().map { index, pair in
            let month = PanelFixtures.november.advanced(by: index - 5)
            return TagHistory.Period(month: month.month, year: month.year, plannedAmount: pair.0, actualAmount: pair.1)
        }
        chart.history = TagHistory(tagId: "g-resto", periods: periods)
        chart.fromServer = true
        state.overlay = .tagChart(chart)
        expectGolden("tag-chart-\(columns)x\(rows)", state: state, context: Contexts.colour)
    }

    @Test func theFormsTagsFieldCompletesAndOffersToCreate() {
        var state = Self.tagged()
        _ = Keyboard.press(&state, [.char("a")] + Keyboard.type("12") + [.tab] + Keyboard.type("Pizza")
            + Array(repeating: Key.tab, count: 5) + Keyboard.type("res"))
        let screen = Keyboard.screen(state)
        #expect(screen.contains("res▏to") || screen.contains("resto"), "\(screen)")
        _ = Keyboard.press(&state, [.right] + Keyboard.type(", Neige"))
        #expect(Keyboard.screen(state).contains("Créer le tag « Neige »"), "\(Keyboard.screen(state))")
        expectGolden("quickadd-tags-80x24", state: state, context: Contexts.colour)
    }
}
