import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
import Testing
@testable import PulpeUI

/// A new prévision from the month (`A`, decision 49): the form asks its amount, name and kind; Entrée
/// stores one create with a client id, shown at once in the Prévisions (bar, totals), undone by
/// `u` (a delete of that id, which the outbox folds into the unsent create).
@Suite struct PrevisionFormGoldenTests {
    private func main(columns: Int, rows: Int) -> AppState { HomeFixture.state(columns: columns, rows: rows) }

    private func press(_ state: inout AppState, _ keys: [Key]) -> [Effect] { Keyboard.press(&state, keys) }
    private func type(_ text: String) -> [Key] { Keyboard.type(text) }
    private func text(_ state: AppState) -> String { Keyboard.screen(state) }

    @Test(arguments: [(80, 24), (120, 40)])
    func theFormAsksAmountNameAndKind(columns: Int, rows: Int) {
        var state = main(columns: columns, rows: rows)
        _ = press(&state, [.char("A")] + type("80") + [.tab] + type("Cadeau Léa") + [.tab])
        let screen = text(state)
        #expect(screen.contains("Nouvelle prévision"), "\(screen)")
        #expect(screen.contains("Nom") && screen.contains("Type"), "\(screen)")
        #expect(!screen.contains("Date   ") && !screen.contains("] oui"), "only what a prévision has: \(screen)")
        expectGolden("prevision-new-\(columns)x\(rows)", state: state, now: state.now, context: Contexts.colour)
    }

    @Test func entreeStoresOneCreateShownAtOnceAndUUndoesIt() throws {
        var state = main(columns: 120, rows: 40)
        let effects = press(&state, [.char("A")] + type("80") + [.tab] + type("Cadeau Léa") + [.enter])
        let stores = effects.compactMap { effect -> ChangeDraft? in
            if case let .outbox(.storeChange(draft, thenSync: true)) = effect { return draft }
            return nil
        }
        let draft = try #require(stores.first, "\(effects)")
        #expect(stores.count == 1)
        guard case let .createBudgetLine(line) = draft.operation else { Issue.record("\(draft.operation)"); return }
        #expect(line.name == "Cadeau Léa" && line.amount == 80 && line.kind == .expense && line.budgetId == "b-nov")
        #expect(line.recurrence == .oneOff)
        #expect(UUID(uuidString: line.id) != nil && line.id == line.id.lowercased(), "a client UUID: \(line.id)")
        let screen = text(state)
        #expect(screen.contains("Ajouté : Cadeau Léa — 80.00 CHF · u annuler"), "\(screen)")
        #expect(screen.contains("Cadeau Léa"), "shown at once in the Prévisions: \(screen)")
        guard case .home = state.screen, let home = state.home else { return }
        #expect(home.quickAdd == nil, "the form closes")
        #expect(home.browse?.shownDetails?.budgetLines.contains { $0.id == line.id } == true)

        let undo = press(&state, [.char("u")])
        #expect(undo.contains(.outbox(.storeChange(ChangeDraft(operation: .deleteBudgetLine(id: line.id), month: PanelFixtures.november,
                                                               label: "Cadeau Léa"), thenSync: true))), "\(undo)")
    }

    @Test func aNewPrevisionNeedsAnAmountAndAName() {
        var state = main(columns: 80, rows: 24)
        var effects = press(&state, [.char("A"), .tab] + type("Cadeau") + [.enter])
        #expect(effects.isEmpty)
        #expect(text(state).contains("Nouvelle prévision"), "the form stays")
        effects = press(&state, type("abc") + [.enter])
        #expect(effects.isEmpty, "\(effects)")
        expectGolden("prevision-new-invalid-80x24", state: state, now: state.now, context: Contexts.colour)
    }

    @Test func theKindCyclesLikeTheQuickAdd() throws {
        var state = main(columns: 80, rows: 24)
        let effects = press(&state, [.char("A")] + type("500") + [.tab] + type("Bonus") + [.tab, .char(" "), .enter])
        let draft = try #require(effects.compactMap { effect -> ChangeDraft? in
            if case let .outbox(.storeChange(draft, _)) = effect { return draft }
            return nil
        }.first)
        guard case let .createBudgetLine(line) = draft.operation else { Issue.record("\(draft.operation)"); return }
        #expect(line.kind == .income)
    }
}
