import Foundation
import PulpeDomain
import Testing
@testable import PulpeCore

/// `Entrée` on a selected prévision: a form with its amount and name; saving stores a patch of
/// what changed (sent with `isManuallyAdjusted`), `u` stores the former values.
@Suite struct LineEditTests {
    @Test func aPrevisionsAmountIsEditedAndUndone() throws {
        let (fixture, november) = try Self.browsingWithGroceries()
        var session = fixture
        let details = try #require(Self.details(session))
        let order = details.lineIndicesInGroupOrder
        try #require(!order.isEmpty, "the fixture month has prévisions")
        let line = details.budgetLines[order[0]]
        session.send(.action(.browse(.openSelectedMonth)))   // a transaction selected
        session.send(.action(.browse(.switchPanel)))         // the highlight on the Prévisions
        session.send(.action(.browse(.openSelectedMonth)))   // the form
        guard case .home = session.state.screen, let home = session.state.home, let form = home.quickAdd else {
            Issue.record("no form: \(session.state.screen)")
            return
        }
        #expect(form.editingLine == line)
        #expect(form.fields == [.amount, .description, .recurrence, .tags])
        #expect(form.recurrence == line.recurrence, "the form opens on the prévision's recurrence")
        session.send(.text(.clear))
        for character in "123" { session.send(.text(.insert(character))) }
        let effects = session.send(.action(.quickAdd(.submit)))
        let done = ChangeDraft(operation: .patchBudgetLine(id: line.id, BudgetLineChanges(amount: 123)), month: november,
                               label: line.name, previousAmount: line.amount)
        #expect(effects.contains { if case .outbox(.storeChange(done, _)) = $0 { true } else { false } }, "\(effects)")
        let shown = Self.details(session)?.budgetLines.first { $0.id == line.id }
        #expect(shown?.amount == 123, "moved at once")
        #expect(shown?.isManuallyAdjusted == true)
        let undo = session.send(.action(.outbox(.undo)))
        let former = ChangeDraft(operation: .patchBudgetLine(id: line.id, BudgetLineChanges(amount: line.amount)), month: november,
                                 label: line.name, previousAmount: 123)
        #expect(undo.contains { if case .outbox(.storeChange(former, _)) = $0 { true } else { false } }, "\(undo)")
    }

    /// « Récurrence » in the form (issue 63): `Espace` turns a prévision fixe or ponctuelle; the
    /// patch carries it only when it changed, as `pulpe line edit --recurrence`.
    @Test func aPrevisionsRecurrenceIsChangedInTheForm() throws {
        var session = try Self.browsingWithGroceries().0
        let details = try #require(Self.details(session))
        let line = details.budgetLines[details.lineIndicesInGroupOrder[0]]
        session.send(.action(.browse(.openSelectedMonth)))
        session.send(.action(.browse(.switchPanel)))
        session.send(.action(.browse(.openSelectedMonth)))
        session.send(.action(.quickAdd(.nextField)))
        session.send(.action(.quickAdd(.nextField)))
        #expect(session.state.home?.quickAdd?.focus == .recurrence)
        session.send(.action(.quickAdd(.toggleRecurrence)))
        let turned: Recurrence = line.recurrence == .fixed ? .oneOff : .fixed
        #expect(session.state.home?.quickAdd?.hasInput == true)
        let effects = session.send(.action(.quickAdd(.submit)))
        #expect(effects.contains { effect in
            guard case let .outbox(.storeChange(draft, _)) = effect, case let .patchBudgetLine(id, changes) = draft.operation else { return false }
            return id == line.id && changes.recurrence == turned
        }, "\(effects)")
    }

    /// The fixture's month with one more prévision, « Épicerie » (500, expense).
    private static func browsingWithGroceries() throws -> (Session, BudgetMonth) {
        var session = QuickAddFixture.browsing()
        let november = try #require(Self.shownMonth(session))
        var loaded = try #require(Self.details(session))
        let created = Date(timeIntervalSince1970: 1_795_000_000)
        loaded.budgetLines.append(BudgetLine(id: "line-groceries", budgetId: loaded.budget.id, name: "Épicerie", amount: 500,
                                             kind: .expense, createdAt: created, updatedAt: created))
        session.send(.budgets(.monthLoaded(november, .fetched(Fetched(.budget(loaded), fetchedAt: created, fromCache: false)),
                                           at: .seconds(30))))
        return (session, november)
    }

    private static func shownMonth(_ session: Session) -> BudgetMonth? {
        guard case .home = session.state.screen, let home = session.state.home else { return nil }
        return home.browse?.month
    }

    private static func details(_ session: Session) -> BudgetDetails? {
        guard case .home = session.state.screen, let home = session.state.home else { return nil }
        return home.browse?.shownDetails
    }
}
