import Foundation
import PulpeDomain
import Testing
@testable import PulpeCore

/// Decision 114: the outbox is one list — the new expenses, then the other operations — and the
/// pending list moves over it with one selection and drops either kind with one question.
@Suite struct PendingWriteTests {
    private let november = BudgetMonth(year: 2026, month: 11)

    private func expense(_ id: String) -> PendingExpense {
        PendingExpense(id: id, draft: ExpenseDraft(amount: 4.5, name: "Café \(id)", kind: .expense,
                                                   date: CalendarDay(year: 2026, month: 11, day: 21)!, checked: true,
                                                   month: november, budgetId: "b"),
                       state: .pending)
    }

    private func change(_ id: String) -> PendingChange {
        PendingChange(id: id, operation: .setTransactionChecked(id: "t-\(id)", checked: true, at: .distantPast), month: november,
                      label: "Loyer", state: .pending)
    }

    @Test func oneListTheExpensesFirstAndItsTwoViews() {
        var snapshot = OutboxSnapshot(items: [expense("a"), expense("b")], changes: [change("c")])
        #expect(snapshot.writes.map(\.id) == ["a", "b", "c"])
        #expect(snapshot.pendingCount == 3)
        snapshot.items.removeAll { $0.id == "a" }
        #expect(snapshot.writes.map(\.id) == ["b", "c"], "a view set keeps the other kind")
        snapshot.changes.append(change("d"))
        #expect(snapshot.writes.map(\.id) == ["b", "c", "d"])
        #expect(snapshot.items.map(\.id) == ["b"] && snapshot.changes.map(\.id) == ["c", "d"])
    }

    @Test func oneSelectionAndOneQuestionForEitherKind() {
        var session = Session.atHome()
        let waiting = change("c")
        session.send(.outbox(.outboxChanged(OutboxSnapshot(items: [expense("a")], changes: [waiting]))))
        session.send(.action(.outbox(.showPending)))
        session.send(.action(.outbox(.moveDown)))
        session.send(.action(.outbox(.moveDown)))
        #expect(session.state.overlay == .pendingList(selected: 1), "two rows: the last is the operation")
        session.send(.action(.outbox(.deleteSelected)))
        #expect(session.state.overlay == .confirm(.dropPending(.change(waiting))))
        #expect(session.send(.action(.confirm(.yes))).contains(.outbox(.removePending(id: "c"))))
        #expect(session.state.writes.outbox.writes.map(\.id) == ["a"])
        #expect(session.state.overlay == .pendingList(selected: 0), "the list stays open on what is left")
    }
}
