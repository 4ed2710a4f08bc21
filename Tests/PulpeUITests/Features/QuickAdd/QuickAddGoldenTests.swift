import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
@testable import PulpeUI
import Testing

/// The quick-add form over the main screen (docs/product.md §2.8), at 80×24, at the 60×20 minimum and
/// in ASCII, driven through the core as the keys would.
@Suite struct QuickAddGoldenTests {
    private func main(columns: Int, rows: Int) -> AppState {
        let settings = UserSettings(payDayOfMonth: PanelFixtures.payDay, currency: .chf)
        var browse = BrowseState(today: PanelFixtures.today, settings: settings)
        browse.months[PanelFixtures.november] = .loaded(Fetched(.budget(PanelFixtures.novemberDetails), fetchedAt: at("14:32"), fromCache: false))
        browse.years[2026] = .loaded(Fetched(PanelFixtures.year2026, fetchedAt: at("14:32"), fromCache: false))
        browse.layOutList(in: Size(width: columns, height: rows))
        let session = SessionSummary(email: "demo@pulpe.local", isDemo: false, isUnlocked: true)
        var state = AppState.at(home: (HomeState(session: session, settings: .loaded(settings), browse: browse)),
                                columns: columns, rows: rows)
        state.status.post(StatusEntry(.updated(at: at("14:32"))), now: .zero)
        return state
    }

    /// The main screen with the form opened by `a`, then these messages.
    private func form(columns: Int = 80, rows: Int = 24, _ messages: [Msg] = []) -> AppState {
        var state = main(columns: columns, rows: rows)
        _ = Core.update(&state, .action(.quickAdd(.open)))
        for message in messages { _ = Core.update(&state, message) }
        return state
    }

    private func typed(_ text: String) -> [Msg] { text.map { .text(.insert($0)) } }

    private var sumAndCompletion: [Msg] {
        typed("12+8.50") + [.action(.quickAdd(.nextField))] + typed("caf")
    }

    @Test func justOpened() {
        expectGolden("quickadd-80x24", state: form(), context: Contexts.colour)
        expectGolden("quickadd-60x20", state: form(columns: 60, rows: 20), context: Contexts.colour)
    }

    @Test func aSumAndACompletion() {
        expectGolden("quickadd-typing-80x24", state: form(sumAndCompletion), context: Contexts.colour)
        expectGolden("quickadd-typing-60x20", state: form(columns: 60, rows: 20, sumAndCompletion), context: Contexts.colour)
        expectGolden("quickadd-typing-80x24-ascii", state: form(sumAndCompletion), context: Contexts.asciiNoColour)
    }

    @Test func aProblemInTheErrorStyle() {
        let state = form(typed("12..5") + [.action(.quickAdd(.nextField))] + typed("Kiosque") + [.action(.quickAdd(.submit))])
        expectGolden("quickadd-error-80x24", state: state, context: Contexts.colour)
        let noBudget = form(columns: 60, rows: 20, typed("12") + [.action(.quickAdd(.nextField))] + typed("Kiosque") + [.action(.quickAdd(.nextField)), .action(.quickAdd(.nextField))]
            + Array(repeating: .action(.quickAdd(.nextDay)), count: 4) + [.action(.quickAdd(.submit))])
        expectGolden("quickadd-no-budget-60x20", state: noBudget, context: Contexts.colour)
    }

    @Test func storingAnIncomeNotChecked() {
        let keys: [QuickAddAction] = [.nextField, .nextKind, .nextField, .previousDay, .nextField, .toggleChecked, .submit]
        let state = form(typed("7'450.-") + [.action(.quickAdd(.nextField))] + typed("Salaire novembre")
            + keys.map { .action(.quickAdd($0)) })
        expectGolden("quickadd-storing-80x24", state: state, context: Contexts.colour)
    }

    @Test func theDiscardQuestion() {
        let state = form(columns: 60, rows: 20, typed("12") + [.action(.quickAdd(.cancel))])
        expectGolden("quickadd-confirm-60x20", state: state, context: Contexts.colour)
        expectGolden("quickadd-confirm-60x20-ascii", state: state, context: Contexts.asciiNoColour)
    }

    @Test func aLongWideDescriptionScrollsToKeepTheCursorOnItsLetter() {
        let name = "寿司 Sushi Zen Genève — dîner d'anniversaire avec Léa et Noé"
        let state = form(columns: 60, rows: 20, typed("92") + [.action(.quickAdd(.nextField))] + typed(name)
            + Array(repeating: .text(.moveLeft), count: 6))
        expectGolden("quickadd-scrolled-60x20", state: state, context: Contexts.colour)
        expectGolden("quickadd-scrolled-60x20-ascii", state: state, context: Contexts.asciiNoColour)
        let start = form(columns: 60, rows: 20, typed("92") + [.action(.quickAdd(.nextField))] + typed(name) + [.text(.moveToStart)])
        expectGolden("quickadd-start-60x20", state: start, context: Contexts.colour)
    }

    /// The cursor is drawn where the core says it is: on the letter, in cells.
    @Test func theCursorCellIsTheCharacterUnderTheCursor() {
        let state = form(typed("92") + [.action(.quickAdd(.nextField))] + typed("寿司 café") + Array(repeating: .text(.moveLeft), count: 3))
        let buffer = RootView.render(state, now: .zero, context: Contexts.colour).buffer
        let lines = buffer.textLines()
        guard let row = lines.firstIndex(where: { $0.contains("Description") }) else {
            Issue.record("no description row")
            return
        }
        let box = (buffer.width - QuickAddView.width) / 2
        let reversed = (box..<box + QuickAddView.width).filter { buffer[$0, row].style.reverse }
        #expect(reversed.count == 1)
        #expect(reversed.first.map { buffer[$0, row].grapheme } == "a", "« 寿司 c|afé »")
    }
}
