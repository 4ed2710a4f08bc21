import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
import Testing
@testable import PulpeUI

/// A month without a budget (decision 50): `Entrée` asks for the templates, the panel then offers
/// « Entrée : créer le budget depuis « Mois type » » with the template's lines
/// and the « Disponible » it plans; `M` picks the other template; `Entrée` stores the creation.
@Suite struct NewMonthOfferGoldenTests {
    static let standard = TemplatePreview(template: BudgetTemplate(id: "t-std", name: "Mois type", isDefault: true), lines: [
        .init(name: "Salaire", amount: 7450, kind: .income),
        .init(name: "Loyer", amount: 2150, kind: .expense),
        .init(name: "Courses", amount: 800, kind: .expense),
        .init(name: "3e pilier A", amount: 588, kind: .saving),
    ])
    static let holidays = TemplatePreview(template: BudgetTemplate(id: "t-hol", name: "Mois de vacances"), lines: [
        .init(name: "Salaire", amount: 7450, kind: .income),
        .init(name: "Loyer", amount: 2150, kind: .expense),
        .init(name: "Vacances", amount: 3000, kind: .expense),
    ])

    /// December has no budget; the panel shows it.
    private func december(columns: Int, rows: Int, service: ServiceStatus = .available) -> (AppState, [Effect]) {
        var state = HomeFixture.state(columns: columns, rows: rows, shown: PanelFixtures.december,
                                      months: [PanelFixtures.december: .noBudget], service: service)
        #expect(text(state).contains("Entrée : le créer depuis un modèle"), "nothing asked before Entrée: \(text(state))")
        let effects = Core.update(&state, KeyTable.message(for: .enter, in: state))
        return (state, effects)
    }

    private func text(_ state: AppState) -> String {
        RootView.render(state, now: state.now, context: Contexts.colour).buffer.textLines().joined(separator: "\n")
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func theOfferWithItsPreview(columns: Int, rows: Int) {
        var (state, effects) = december(columns: columns, rows: rows)
        #expect(effects == [.budgets(.loadTemplates(askServer: true))], "asked at Entrée")
        #expect(text(state).contains("Chargement des modèles…"))
        #expect(Core.update(&state, KeyTable.message(for: .enter, in: state)).isEmpty, "not asked twice")
        _ = Core.update(&state, .budgets(.templatesLoaded([Self.standard, Self.holidays], at: .seconds(1))))
        let screen = text(state)
        #expect(screen.contains("Pas encore de budget pour Décembre 2026"), "\(screen)")
        #expect(screen.contains("Entrée : créer le budget depuis « Mois type »"), "\(screen)")
        #expect(screen.contains("M : autre modèle (1/2)"), "\(screen)")
        #expect(screen.contains("Disponible prévu +3’912.00 CHF (avant le report)"), "7450 − 2150 − 800 − 588: \(screen)")
        expectGolden("new-month-offer-\(columns)x\(rows)", state: state, now: state.now, context: Contexts.colour)
    }

    @Test func mPicksTheOtherTemplateAndEntreeStoresTheCreation() throws {
        var (state, _) = december(columns: 120, rows: 40)
        _ = Core.update(&state, .budgets(.templatesLoaded([Self.standard, Self.holidays], at: .seconds(1))))
        _ = Core.update(&state, KeyTable.message(for: .char("M"), in: state))
        #expect(text(state).contains("depuis « Mois de vacances »"), "\(text(state))")
        #expect(text(state).contains("Disponible prévu +2’300.00 CHF"), "\(text(state))")
        let effects = Core.update(&state, KeyTable.message(for: .enter, in: state))
        let draft = try #require(effects.compactMap { effect -> ChangeDraft? in
            if case let .outbox(.storeChange(draft, thenSync: true)) = effect { return draft }
            return nil
        }.first, "\(effects)")
        #expect(draft.operation == .createBudget(month: PanelFixtures.december, templateId: "t-hol", lines: Self.holidays.lines))
        let screen = text(state)
        #expect(screen.contains("Budget de Décembre 2026 demandé depuis « Mois de vacances »"), "the toast: \(screen)")
        // Shown at once as the template makes it, marked until the server has it.
        #expect(screen.contains("Décembre 2026 · création en attente"), "\(screen)")
        for line in Self.holidays.lines { #expect(screen.contains(line.name), "\(line.name): \(screen)") }
        #expect(Core.update(&state, KeyTable.message(for: .enter, in: state)).isEmpty, "asked once")
        expectGolden("new-month-requested-80x24", state: {
            var small = state
            _ = Core.update(&small, .resized(Size(width: 80, height: 24)))
            return small
        }(), now: state.now, context: Contexts.colour)
    }

    /// Offline, from the templates last seen (the cache's): the creation is stored to wait, the
    /// month is shown at once as the template makes it, and an expense goes on its provisional
    /// budget (it waits behind the creation; the outbox swaps the server's id in when it sends).
    @Test func aMonthCreatedOfflineIsUsableAtOnce() throws {
        var (state, effects) = december(columns: 120, rows: 40, service: .maintenance)
        #expect(effects == [.budgets(.loadTemplates(askServer: false))])
        _ = Core.update(&state, .budgets(.templatesLoaded([Self.standard, Self.holidays], at: .seconds(1))))
        let stored = Core.update(&state, KeyTable.message(for: .enter, in: state))
        #expect(stored.contains { effect in
            if case let .outbox(.storeChange(draft, thenSync: false)) = effect {
                return draft.operation == .createBudget(month: PanelFixtures.december, templateId: "t-std", lines: Self.standard.lines)
            }
            return false
        }, "\(stored)")
        var screen = text(state)
        #expect(screen.contains("Décembre 2026 · création en attente"), "\(screen)")
        #expect(screen.contains("Courses") && screen.contains("3e pilier A"), "\(screen)")
        #expect(screen.contains("3’912.00"), "Disponible as planned: \(screen)")
        _ = Core.update(&state, KeyTable.message(for: .char("a"), in: state))
        for character in "12.50" { _ = Core.update(&state, .text(.insert(character))) }
        _ = Core.update(&state, KeyTable.message(for: .tab, in: state))
        for character in "Café" { _ = Core.update(&state, .text(.insert(character))) }
        let added = Core.update(&state, KeyTable.message(for: .enter, in: state))
        let expense = try #require(added.compactMap { effect -> NewTransaction? in
            if case let .outbox(.storeChange(draft, _)) = effect, case let .createTransaction(new) = draft.operation { return new }
            return nil
        }.first, "\(added) \(text(state))")
        #expect(expense.budgetId == ProvisionalBudget.budgetId(PanelFixtures.december))
        #expect(state.home?.quickAdd?.storing?.draft.month == PanelFixtures.december)
        screen = text(state)
        #expect(!screen.contains("Pas de budget"), "\(screen)")
    }

    /// `u` takes a creation back while it waits (never sent: cancelled in the outbox), not while
    /// writes into the month wait behind it, and not once the server has it.
    @Test func uTakesTheCreationBackWhileItWaits() throws {
        var (state, _) = december(columns: 120, rows: 40, service: .maintenance)
        _ = Core.update(&state, .budgets(.templatesLoaded([Self.standard], at: .seconds(1))))
        _ = Core.update(&state, KeyTable.message(for: .enter, in: state))
        #expect(text(state).contains("création en attente"))
        #expect(text(state).contains("· u annuler"), "\(text(state))")
        let stored = state
        let undone = Core.update(&state, KeyTable.message(for: .char("u"), in: state))
        #expect(undone.contains { if case .outbox(.cancelChange) = $0 { true } else { false } }, "\(undone)")
        #expect(text(state).contains("Entrée : créer le budget depuis « Mois type »"), "the offer again: \(text(state))")
        #expect(text(state).contains("Annulé : Décembre 2026"), "\(text(state))")

        // With an expense written into it meanwhile (stored by the shell, say): refused, said why.
        var busy = stored
        var outbox = OutboxSnapshot(items: [PendingExpense(id: "e-1", draft: ExpenseDraft(
            amount: 4.5, name: "Café", kind: .expense, date: CalendarDay(year: 2026, month: 11, day: 30)!, checked: false,
            month: PanelFixtures.december, budgetId: ProvisionalBudget.budgetId(PanelFixtures.december)), state: .pending)])
        outbox.changes = busy.writes.outbox.changes
        _ = Core.update(&busy, .outbox(.outboxChanged(outbox)))
        #expect(Core.update(&busy, KeyTable.message(for: .char("u"), in: busy)).allSatisfy { if case .schedule = $0 { true } else { false } }, "nothing cancelled")
        #expect(text(busy).contains("Le budget de Décembre 2026 a des écritures en attente : annule-les d’abord"), "\(text(busy))")

        // Sent: too late.
        var sent = stored
        _ = Core.update(&sent, .outbox(.outboxChanged(OutboxSnapshot())))
        #expect(Core.update(&sent, KeyTable.message(for: .char("u"), in: sent)).allSatisfy { if case .schedule = $0 { true } else { false } }, "nothing cancelled")
        #expect(text(sent).contains("Trop tard : le budget de Décembre 2026 est déjà créé"), "\(text(sent))")
    }

    @Test func offlineTheOfferSaysWhyAndAsksAgainOnceTheServerAnswers() {
        var (state, effects) = december(columns: 80, rows: 24, service: .maintenance)
        #expect(effects == [.budgets(.loadTemplates(askServer: false))], "behind the closed gate, the cache's templates only")
        _ = Core.update(&state, .budgets(.templatesLoaded(nil, at: .seconds(1))))
        #expect(text(state).contains("Les modèles sont sur le serveur, qui ne répond pas"), "\(text(state))")
        #expect(Core.update(&state, KeyTable.message(for: .enter, in: state)).isEmpty, "nothing to create from")
        expectGolden("new-month-offline-80x24", state: state, now: state.now, context: Contexts.colour)
        state.service = .available
        #expect(Core.update(&state, KeyTable.message(for: .enter, in: state)) == [.budgets(.loadTemplates(askServer: true))],
                "asked again")
    }
}
