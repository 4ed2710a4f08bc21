import Foundation
import PulpeDomain
import Testing
@testable import PulpeCore

/// Correcting a refused expense from the pending list: the form comes back filled in, and saving
/// replaces the item — same client id, same place in the queue — instead of adding one.
@Suite struct QuickAddCorrectionTests {
    private let refused = PendingExpense(
        id: "c0ffee", draft: ExpenseDraft(amount: decimal("12.5"), name: "Cadeau", kind: .expense,
                                          date: CalendarDay(year: 2026, month: 11, day: 20)!, checked: false,
                                          month: QuickAddFixture.november, budgetId: "gone"),
        state: .refused(reason: .server("Budget not found")))

    @Test func theFormComesBackFilledInAndSavingReplacesTheItem() throws {
        var session = QuickAddFixture.browsing()
        session.send(.outbox(.outboxChanged(OutboxSnapshot(items: [refused]))))
        session.send(.action(.outbox(.showPending)))
        session.send(.action(.outbox(.editSelected)))
        let form = try #require(session.form)
        #expect(form.editing == "c0ffee")
        #expect(form.amount.text == "12.5")
        #expect(form.description.text == "Cadeau")
        #expect(form.checked == false)
        #expect(form.date == CalendarDay(year: 2026, month: 11, day: 20))
        let effects = session.send(.action(.quickAdd(.submit)))
        let corrected = ExpenseDraft(amount: decimal("12.5"), name: "Cadeau", kind: .expense,
                                     date: CalendarDay(year: 2026, month: 11, day: 20)!, checked: false,
                                     month: QuickAddFixture.november, budgetId: "b-2026-11")
        #expect(effects.contains(.outbox(.replacePending(id: "c0ffee", corrected, thenSync: true))))
        #expect(!effects.contains { $0.storedExpense() != nil })
        #expect(session.form == nil)
        #expect(session.state.writes.outbox.items == [PendingExpense(id: "c0ffee", draft: corrected, state: .pending)])
        #expect(session.state.pendingCount == 1)
    }
}
