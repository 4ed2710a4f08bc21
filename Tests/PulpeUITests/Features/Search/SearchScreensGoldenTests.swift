import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
import Testing
@testable import PulpeUI

/// The search across months (`S`, decision 49), driven through the core as the keys would: the
/// text typed, `Entrée`, the answer, `↓`, `Entrée` on a hit of another month. Goldens of each
/// state at 80×24 and 120×40.
@Suite struct SearchScreensGoldenTests {
    private func main(columns: Int, rows: Int) -> AppState { HomeFixture.state(columns: columns, rows: rows) }

    /// « Migros »: two rows of November (one on « Courses »), one of October three months back
    /// in the server's answer only (no prévision name: the server does not say it).
    static let found: SearchResults = {
        let november = SearchHit.hits("migros", in: PanelFixtures.novemberDetails, month: PanelFixtures.november)
        let october = SearchHit(id: "u4", itemType: .transaction, name: "Migros Plainpalais", amount: 700, kind: .expense,
                                transactionDate: PanelFixtures.octoberDetails.transactions[3].transactionDate, budgetId: "b-oct",
                                year: 2026, month: 10)
        let august = SearchHit(id: "a1", itemType: .transaction, name: "Migros Daily", amount: Decimal(string: "18.40")!, kind: .expense,
                               transactionDate: Date(timeIntervalSince1970: 1_787_000_000), budgetId: "b-aug", year: 2026, month: 8)
        return SearchResults(hits: SearchHit.merged([october, august], november), askedServer: true, fromCache: Set(november.map(\.id)))
    }()

    private func typed(_ state: inout AppState, _ text: String) {
        for character in text { _ = Core.update(&state, .text(.insert(character))) }
    }

    private func text(_ state: AppState) -> String {
        RootView.render(state, now: state.now, context: Contexts.colour).buffer.textLines().joined(separator: "\n")
    }

    /// S, « migros », Entrée: the question; then the answer.
    private func searched(columns: Int, rows: Int, answer: SearchResults = Self.found) -> AppState {
        var state = main(columns: columns, rows: rows)
        _ = Core.update(&state, KeyTable.message(for: .char("S"), in: state))
        for character in "migros" { _ = Core.update(&state, KeyTable.message(for: .char(character), in: state)) }
        let effects = Core.update(&state, KeyTable.message(for: .enter, in: state))
        // The months something waits in are searched as their panels show them (decision 94).
        #expect(effects == [.budgets(.search("migros", askServer: true, in: SearchScope(outbox: state.writes.outbox)))])
        _ = Core.update(&state, .budgets(.searchFinished("migros", answer, at: .seconds(1))))
        return state
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func theHitsGroupedByMonth(columns: Int, rows: Int) {
        let state = searched(columns: columns, rows: rows)
        let screen = text(state)
        #expect(screen.contains("Rechercher dans tous les mois"), "\(screen)")
        #expect(screen.contains("4 résultats dans 3 mois · Entrée pour ouvrir"), "\(screen)")
        #expect(screen.contains("Novembre 2026") && screen.contains("Octobre 2026") && screen.contains("Août 2026"), "\(screen)")
        #expect(screen.contains("Courses"), "a cached hit names its prévision: \(screen)")
        expectGolden("search-results-\(columns)x\(rows)", state: state, now: state.now, context: Contexts.colour)
    }

    /// A hit that waits in the outbox is marked where its prévision goes, as the panel marks its
    /// waiting rows (decision 94); the others are not.
    @Test func aWaitingHitIsMarkedAsThePanelMarksIt() {
        var answer = Self.found
        answer.pending = ["a1"]
        let screen = text(searched(columns: 120, rows: 40, answer: answer))
        let rows = screen.split(separator: "\n")
        #expect(rows.first { $0.contains("Migros Daily") }?.contains("en attente") == true, "\(screen)")
        #expect(rows.filter { $0.contains("en attente") }.count == 1, "\(screen)")
    }

    @Test func theKeysWhileSearching() {
        var state = main(columns: 120, rows: 40)
        _ = Core.update(&state, KeyTable.message(for: .char("S"), in: state))
        #expect(KeyTable.scopes(for: state) == [.search])
        // Every printable key is text, `q` and `x` included.
        #expect(KeyTable.message(for: .char("q"), in: state) == .text(.insert("q")))
        #expect(KeyTable.message(for: .char("x"), in: state) == .text(.insert("x")))
        #expect(KeyTable.message(for: .escape, in: state) == .action(.search(.close)))
        let screen = text(state)
        #expect(screen.contains("Tape un nom ou une prévision, puis Entrée"), "\(screen)")
        expectGolden("search-empty-120x40", state: state, now: state.now, context: Contexts.colour)
        _ = Core.update(&state, KeyTable.message(for: .escape, in: state))
        guard case .home = state.screen, let home = state.home else { return }
        #expect(home.search == nil, "Échap closes it")
    }

    @Test func tooShortAsksNothing() {
        var state = main(columns: 80, rows: 24)
        _ = Core.update(&state, .action(.search(.open)))
        typed(&state, "m")
        let effects = Core.update(&state, .action(.search(.enter)))
        #expect(effects.isEmpty, "nothing asked")
        #expect(text(state).contains("Au moins 2 caractères"), "\(text(state))")
        expectGolden("search-too-short-80x24", state: state, now: state.now, context: Contexts.colour)
        typed(&state, "i")
        #expect(!text(state).contains("Au moins 2 caractères"), "typing clears the message")
    }

    @Test func nothingFoundOfflineSaysSoAndWhere() {
        let state = searched(columns: 80, rows: 24, answer: SearchResults(hits: [], askedServer: false))
        let screen = text(state)
        #expect(screen.contains("Aucun résultat pour « migros » · résultats du cache (serveur injoignable)"), "\(screen)")
        expectGolden("search-none-offline-80x24", state: state, now: state.now, context: Contexts.colour)
    }

    @Test func whileTheAnswerComes() {
        var state = main(columns: 80, rows: 24)
        _ = Core.update(&state, .action(.search(.open)))
        typed(&state, "migros")
        _ = Core.update(&state, .action(.search(.enter)))
        #expect(text(state).contains("Recherche…"), "\(text(state))")
        // An answer to an older question is not shown.
        _ = Core.update(&state, .budgets(.searchFinished("migr", Self.found, at: .seconds(1))))
        #expect(text(state).contains("Recherche…"))
    }

    @Test func entreeOnAHitOfAnotherMonthOpensItWithTheHitSelected() throws {
        var state = searched(columns: 120, rows: 40)
        // Novembre: two Migros rows; then Octobre's.
        _ = Core.update(&state, .action(.search(.moveDown)))
        _ = Core.update(&state, .action(.search(.moveDown)))
        let effects = Core.update(&state, .action(.search(.enter)))
        #expect(effects.contains(.budgets(.loadMonth(PanelFixtures.october))), "\(effects)")
        guard case .home = state.screen, let home = state.home, let browse = home.browse else { Issue.record("no home"); return }
        #expect(home.search == nil, "the search closes")
        #expect(browse.month == PanelFixtures.october)
        #expect(browse.list.cursor == nil, "the month is not here yet")
        _ = Core.update(&state, .budgets(.monthLoaded(PanelFixtures.october,
                                                      .fetched(Fetched(.budget(PanelFixtures.octoberDetails), fetchedAt: at("14:33"),
                                                                       fromCache: false)), at: .seconds(2))))
        guard case .home = state.screen, let after = state.home, let shown = after.browse, let cursor = shown.list.cursor,
              let details = shown.shownDetails else { Issue.record("no selection"); return }
        #expect(details.transactions[shown.list.rows[cursor]].id == "u4", "the hit is the selected row")
        let lines = RootView.render(state, now: state.now, context: Contexts.colour).buffer
        let row = try #require(lines.textLines().firstIndex { $0.contains("Migros Plainpalais") })
        #expect(lines[4, row].style == .selection, "highlighted")
    }

    @Test func entreeOnAPrevisionSelectsItInThePrevisions() {
        var state = main(columns: 120, rows: 40)
        _ = Core.update(&state, .action(.search(.open)))
        typed(&state, "courses")
        _ = Core.update(&state, .action(.search(.enter)))
        let hits = SearchHit.hits("courses", in: PanelFixtures.novemberDetails, month: PanelFixtures.november)
            .filter { $0.itemType == .budgetLine }
        _ = Core.update(&state, .budgets(.searchFinished("courses", SearchResults(hits: hits, askedServer: true), at: .seconds(1))))
        _ = Core.update(&state, .action(.search(.enter)))
        guard case .home = state.screen, let home = state.home, let browse = home.browse, let cursor = browse.lineCursor,
              let details = browse.shownDetails else { Issue.record("no prévision selected"); return }
        #expect(details.budgetLines[details.lineIndicesInGroupOrder[cursor]].name == "Courses")
    }
}
