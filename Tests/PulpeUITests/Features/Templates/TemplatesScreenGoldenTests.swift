import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
import Testing
@testable import PulpeUI

/// « Modèles » (`m`, decision 120): two templates, the default marked, its lines with one raised
/// while it waits in the outbox — at 80×24 and 120×40, in colour and in ASCII; the amount typed,
/// the question asked, the answer stored as one batch with or without propagation.
@Suite struct TemplatesScreenGoldenTests {
    static let standard = TemplatePreview(
        template: BudgetTemplate(id: "t-std", name: "Budget standard", isDefault: true),
        lines: [TemplatePreview.Line(id: "l-rent", name: "Loyer", amount: 2150, kind: .expense, recurrence: .fixed),
                TemplatePreview.Line(id: "l-food", name: "Épicerie", amount: 1100, kind: .expense, recurrence: .fixed),
                TemplatePreview.Line(id: "l-pay", name: "Salaire", amount: 7450, kind: .income, recurrence: .fixed),
                TemplatePreview.Line(id: "l-3a", name: "Pilier 3a", amount: Decimal(string: "604.85")!, kind: .saving, recurrence: .fixed),
                TemplatePreview.Line(id: "l-gift", name: "Cadeaux de Noël", amount: 300, kind: .expense, recurrence: .oneOff)])
    static let holidays = TemplatePreview(template: BudgetTemplate(id: "t-hol", name: "Mois de vacances", isDefault: false),
                                          lines: [TemplatePreview.Line(id: "l-h", name: "Hôtel", amount: 900, kind: .expense)])

    static func opened(columns: Int, rows: Int) -> AppState {
        var state = HomeFixture.state(columns: columns, rows: rows)
        #expect(Core.update(&state, .action(.templates(.open))).contains(.budgets(.loadTemplates(askServer: true))))
        _ = Core.update(&state, .budgets(.templatesLoaded([holidays, standard], at: .seconds(2))))
        return state
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func theTemplatesScreen(columns: Int, rows: Int) {
        var state = Self.opened(columns: columns, rows: rows)
        let raise = PendingChange(id: "c1", operation: .editTemplateLines(templateId: "t-std", TemplateLineBatch(update: [
            TemplateLineUpdate(id: "l-food", amount: 1200)]), propagate: true, knownLineIds: []), month: PanelFixtures.november,
                                  label: "Budget standard · Épicerie", state: .pending)
        state.writes.outbox.changes = [raise]
        expectGolden("templates-\(columns)x\(rows)", state: state, context: Contexts.colour)
        expectGolden("templates-\(columns)x\(rows)-ascii", state: state, context: Contexts.asciiNoColour)
    }

    @Test func anAmountTypedThenTheMonthsAheadTooStoresOneBatch() {
        var state = Self.opened(columns: 120, rows: 40)
        #expect(KeyTable.message(for: .char("m"), in: HomeFixture.state(columns: 120, rows: 40)) == .action(.templates(.open)))
        #expect(KeyTable.message(for: .enter, in: state) == .action(.templates(.editAmount)))
        _ = Core.update(&state, .action(.templates(.editAmount)))
        #expect(KeyTable.message(for: .char("9"), in: state) == .action(.templates(.edit(.insert("9")))), "typed text is the amount")
        _ = Core.update(&state, .action(.templates(.edit(.clear))))
        for character in "2250" { _ = Core.update(&state, .action(.templates(.edit(.insert(character))))) }
        _ = Core.update(&state, .action(.templates(.submit)))
        expectGolden("templates-120x40-asking", state: state, context: Contexts.colour)
        #expect(KeyTable.message(for: .char("o"), in: state) == .action(.templates(.propagate(true))))
        let effects = Core.update(&state, .action(.templates(.propagate(true))))
        let batch = TemplateLineBatch(update: [TemplateLineUpdate(id: "l-rent", amount: 2250)])
        let stored = effects.compactMap { effect -> ChangeDraft? in
            if case let .outbox(.storeChange(draft, _)) = effect { return draft }
            return nil
        }
        #expect(stored.map(\.operation) == [.editTemplateLines(templateId: "t-std", batch, propagate: true,
                                                               knownLineIds: ["l-rent", "l-food", "l-pay", "l-3a", "l-gift"])])
        #expect(stored.first?.previousAmount == 2150 && stored.first?.label == "Budget standard · Loyer")
    }

    @Test func aBadAmountIsSaidAndNothingIsStored() {
        var state = Self.opened(columns: 80, rows: 24)
        _ = Core.update(&state, .action(.templates(.editAmount)))
        _ = Core.update(&state, .action(.templates(.edit(.clear))))
        for character in "abc" { _ = Core.update(&state, .action(.templates(.edit(.insert(character))))) }
        #expect(Core.update(&state, .action(.templates(.submit))).isEmpty)
        let text = RootView.render(state, now: .zero, context: Contexts.colour).buffer.textLines().joined(separator: "\n")
        #expect(text.contains("Montant invalide — ex. 12.50"), "\(text)")
        _ = Core.update(&state, .action(.templates(.cancel)))
        _ = Core.update(&state, .action(.templates(.deleteLine)))
        let effects = Core.update(&state, .action(.templates(.propagate(false))))
        #expect(effects.contains { effect in
            if case let .outbox(.storeChange(draft, _)) = effect {
                return draft.operation == .editTemplateLines(templateId: "t-std", TemplateLineBatch(delete: ["l-rent"]), propagate: false,
                                                             knownLineIds: ["l-rent", "l-food", "l-pay", "l-3a", "l-gift"])
            }
            return false
        }, "\(effects)")
    }
}
