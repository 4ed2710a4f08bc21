import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
import Testing
@testable import PulpeUI

/// « Rapprocher mes comptes » (`b`, decision 85, §15.4): the « À pointer » step offered first, the
/// balances and the figures live, then `Entrée` — « À jour », or one checked entry for the gap
/// stored like every write and undone by `u`.
@Suite struct ReconcileFormGoldenTests {
    private func main(columns: Int, rows: Int) -> AppState { HomeFixture.state(columns: columns, rows: rows) }

    private func press(_ state: inout AppState, _ keys: [Key]) -> [Effect] { Keyboard.press(&state, keys) }
    private func type(_ text: String) -> [Key] { Keyboard.type(text) }
    private func text(_ state: AppState) -> String { Keyboard.screen(state) }

    /// The fixture month's « Pointé » plus its rollover: what a bank at « no gap » reads.
    private func expected(_ state: AppState) throws -> Decimal {
        let details = try #require(state.shownHome?.browse?.shownDetails)
        return Reconciliation(bankTotal: 0, details: details).expected
    }

    private func stored(_ effects: [Effect]) -> [ChangeDraft] {
        effects.compactMap { effect -> ChangeDraft? in
            if case let .outbox(.storeChange(draft, _)) = effect { return draft }
            return nil
        }
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func itAsksAboutWhatIsNotCheckedThenShowsTheGap(columns: Int, rows: Int) {
        var state = main(columns: columns, rows: rows)
        _ = press(&state, [.char("b")])
        expectGolden("reconcile-to-check-\(columns)x\(rows)", state: state, now: state.now, context: Contexts.colour)
        _ = press(&state, [.char("n")] + type("1200.50 −35") + [.tab])
        let screen = text(state)
        #expect(screen.contains("Rapprocher mes comptes") && screen.contains("Écart"), "\(screen)")
        expectGolden("reconcile-form-\(columns)x\(rows)", state: state, now: state.now, context: Contexts.colour)
    }

    @Test func ouiShowsTheItemsToCheckFirst() {
        var state = main(columns: 120, rows: 40)
        _ = press(&state, [.char("b"), .char("o")])
        #expect(state.shownHome?.browse?.onlyToCheck == true)
        #expect(state.shownHome?.reconcile == nil)
    }

    @Test func entreeStoresOneCheckedEntryForTheGapAndUDeletesIt() throws {
        var state = main(columns: 120, rows: 40)
        let bank = try expected(state) + Decimal(string: "12.35")!
        let effects = press(&state, [.char("b"), .char("n")] + type("\(bank)".replacingOccurrences(of: ".", with: ",")) + [.tab, .ctrl("u")]
                            + type("Écart banque") + [.enter])
        let draft = try #require(stored(effects).first, "\(effects)")
        #expect(stored(effects).count == 1)
        guard case let .createTransaction(entry) = draft.operation else { Issue.record("\(draft.operation)"); return }
        #expect(entry.name == "Écart banque" && entry.amount == Decimal(string: "12.35")! && entry.kind == .income)
        #expect(entry.budgetLineId == nil && entry.checkedAt == .distantPast, "free, checked when stored")
        #expect(entry.budgetId == "b-nov")
        let screen = text(state)
        #expect(screen.contains("Ajustement enregistré : Écart banque — 12.35 CHF (revenu) · u annuler"), "\(screen)")
        #expect(state.shownHome?.reconcile == nil, "the form closes")
        let undo = press(&state, [.char("u")])
        #expect(undo.contains { effect in
            if case .outbox(.removePending) = effect { return true }
            if case let .outbox(.cancelChange(change)) = effect { return change == draft }
            if case let .outbox(.storeChange(change, _)) = effect { return change.operation == .deleteTransaction(id: entry.id!) }
            return false
        }, "\(undo)")
    }

    @Test func noGapSaysUpToDateAndStoresNothing() throws {
        var state = main(columns: 120, rows: 40)
        let bank = try expected(state)
        let effects = press(&state, [.char("b"), .char("n")] + type("\(bank)") + [.enter])
        #expect(stored(effects).isEmpty, "\(effects)")
        #expect(text(state).contains("À jour : tes comptes correspondent à Pulpe"), "\(text(state))")
    }

    @Test func anUnreadableBalanceIsSaidAndNothingIsStored() {
        var state = main(columns: 80, rows: 24)
        var effects = press(&state, [.char("b"), .char("n")] + type("1200 12,345") + [.enter])
        #expect(stored(effects).isEmpty)
        #expect(text(state).contains("Solde illisible n° 2 : « 12,345 »"), "\(text(state))")
        effects = press(&state, [.escape])
        #expect(stored(effects).isEmpty && state.shownHome?.reconcile == nil, "Échap closes, nothing stored")
        _ = press(&state, [.char("b"), .char("n"), .enter])
        #expect(text(state).contains("Ajoute au moins un solde"), "\(text(state))")
    }
}
