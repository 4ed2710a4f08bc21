import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
import Testing
@testable import PulpeUI

/// « Réglages » (`,`, decision 121): the pay day moved to calendar months with an expense waiting
/// that it moves — the period it makes shown, the question asked, the answer stored as one
/// settings change with its undo; at 80×24 and 120×40.
@Suite struct SettingsScreenGoldenTests {
    /// An expense dated 27 October, in November's budget under pay day 25 — October's under calendar months.
    static func opened(columns: Int, rows: Int) -> AppState {
        var state = HomeFixture.state(columns: columns, rows: rows)
        let draft = ExpenseDraft(amount: 42, name: "Pharmacie", kind: .expense, date: CalendarDay(year: 2026, month: 10, day: 27)!,
                                 checked: false, month: PanelFixtures.november, budgetId: "s11")
        state.writes.outbox = OutboxSnapshot(items: [PendingExpense(id: "e-1", draft: draft, state: .pending)])
        _ = Core.update(&state, .action(.settings(.open)))
        for _ in 0..<7 { _ = Core.update(&state, .action(.settings(.nextValue))) }
        return state
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func theSettingsScreen(columns: Int, rows: Int) {
        var state = Self.opened(columns: columns, rows: rows)
        expectGolden("settings-\(columns)x\(rows)", state: state, context: Contexts.colour)
        #expect(Core.update(&state, .action(.settings(.submit))).isEmpty, "asked first: nothing stored")
        expectGolden("settings-\(columns)x\(rows)-moves", state: state, context: Contexts.colour)
    }

    @Test func yesStoresTheChangeWithItsUndo() {
        var state = Self.opened(columns: 80, rows: 24)
        #expect(KeyTable.message(for: .char(","), in: HomeFixture.state(columns: 80, rows: 24)) == .action(.settings(.open)))
        _ = Core.update(&state, .action(.settings(.submit)))
        guard case let .settings(screen)? = state.overlay else { Issue.record("closed"); return }
        #expect(screen.moves == [PayDayReplan.Move(id: "e-1", label: "Pharmacie", from: PanelFixtures.november,
                                                   to: BudgetMonth(year: 2026, month: 10), budgetId: "s10")])
        #expect(KeyTable.message(for: .char("o"), in: state) == .action(.settings(.confirm(true))))
        let effects = Core.update(&state, .action(.settings(.confirm(true))))
        let change = SettingsChange(payDay: .some(nil))
        #expect(effects.contains(.outbox(.storeChange(ChangeDraft(operation: .updateSettings(change), month: PanelFixtures.november,
                                                                   label: "Réglages"), thenSync: true))), "\(effects)")
        #expect(state.writes.undoStack.last?.undo.map(\.operation) == [.updateSettings(SettingsChange(payDay: .some(25)))])
        #expect(state.overlay == nil)
    }

    @Test func nothingChangedClosesWithoutAWrite() {
        var state = HomeFixture.state(columns: 80, rows: 24)
        _ = Core.update(&state, .action(.settings(.open)))
        _ = Core.update(&state, .action(.settings(.moveDown)))
        _ = Core.update(&state, .action(.settings(.nextValue)))
        _ = Core.update(&state, .action(.settings(.previousValue)))
        #expect(Core.update(&state, .action(.settings(.submit))).isEmpty)
        #expect(state.overlay == nil)
    }
}
