import Foundation
import PulpeDomain
import Testing
@testable import PulpeCore

/// `q` with expenses queued, `u`, and the pending list (`e`).
@Suite struct OutboxKeysTests {
    private func expense(_ id: String, state: PendingExpense.State = .pending) -> PendingExpense {
        PendingExpense(id: id, draft: ExpenseDraft(amount: 4.5, name: "Café \(id)", kind: .expense,
                                                   date: CalendarDay(year: 2026, month: 11, day: 21)!, checked: true,
                                                   month: BudgetMonth(year: 2026, month: 11), budgetId: "b"),
                       state: state)
    }

    @Test func quittingWithExpensesQueuedAsksFirst() {
        var session = Session.atHome()
        #expect(session.send(.action(.app(.quit))) == [.quit(exitCode: 0)], "nothing queued: quits at once")
        session = Session.atHome()
        session.send(.outbox(.outboxChanged(OutboxSnapshot(items: [expense("a"), expense("b")]))))
        #expect(session.send(.action(.app(.quit))) == [])
        #expect(session.state.overlay == .confirm(.quitWithPending(count: 2)))
        #expect(session.send(.action(.confirm(.no))) == [])
        #expect(session.state.overlay == nil && !session.state.isQuitting)
        session.send(.action(.app(.quit)))
        #expect(session.send(.action(.confirm(.yes))) == [.quit(exitCode: 0)])
    }

    @Test func quittingFromMaintenanceOrNoConnectionWithExpensesQueuedAsksToo() {
        for answer in [ServiceCheckOutcome.maintenance(message: nil), .unreachable] {
            var session = Session.pastSplash()
            session.send(.outbox(.outboxChanged(OutboxSnapshot(items: [expense("a")]))))
            session.send(.availability(.serviceChecked(answer, at: .seconds(2))))
            #expect(session.send(.action(.app(.quit))) == [], "\(answer)")
            #expect(session.state.overlay == .confirm(.quitWithPending(count: 1)), "\(answer)")
            #expect(session.send(.action(.confirm(.yes))) == [.quit(exitCode: 0)], "\(answer)")
        }
    }

    @Test func quittingWithAChangeQueuedAsksAboutModifications() {
        var session = Session.atHome()
        let check = PendingChange(id: "c", operation: .setTransactionChecked(id: "t", checked: true, at: .distantPast),
                                  month: BudgetMonth(year: 2026, month: 11), label: "Migros", state: .pending)
        session.send(.outbox(.outboxChanged(OutboxSnapshot(items: [expense("a")], changes: [check]))))
        session.send(.action(.app(.quit)))
        #expect(session.state.overlay == .confirm(.quitWithPending(count: 2, onlyExpenses: false)))
    }

    @Test func ctrlCQuitsEvenWithExpensesQueued() {
        var session = Session.atHome()
        session.send(.outbox(.outboxChanged(OutboxSnapshot(items: [expense("a")]))))
        #expect(session.send(.interrupted(.interrupt)) == [.quit(exitCode: 130)])
    }

    @Test func undoOfAQueuedQuickAddRemovesItFromTheOutbox() {
        var session = Session.atHome()
        session.quickAddStored(expense("a"))
        #expect(session.state.pendingCount == 1)
        let undo = session.send(.action(.outbox(.undo)))
        #expect(undo.count == 1)
        guard case let .outbox(.storeChange(delete, _))? = undo.first else {
            Issue.record("expected the delete stored, got \(undo)")
            return
        }
        #expect(delete.operation == .deleteTransaction(id: "a"), "folded away with its creation by the outbox")
        #expect(session.state.pendingCount == 0)
        #expect(!session.send(.action(.outbox(.undo))).contains { if case .outbox = $0 { true } else { false } },
                "nothing left to undo")
        #expect(([session.state.status.current] + session.state.status.queue).contains { $0?.kind == .gesture(GestureNews(.nothingToUndo)) },
                "« Rien à annuler » is said")
    }

    @Test func undoOfASentQuickAddAsksThenStoresItsDelete() {
        // Decision 115: the undo of a sent quick-add is an ordinary delete through the outbox.
        var session = Session.atHome()
        let sent = expense("a")
        session.quickAddStored(sent)
        session.send(.outbox(.outboxChanged(OutboxSnapshot())))
        #expect(session.send(.action(.outbox(.undo))) == [])
        #expect(session.state.overlay == .confirm(.deleteSent(.quickAdd(sent))))
        let delete = ChangeDraft(operation: .deleteTransaction(id: "a"), month: BudgetMonth(year: 2026, month: 11), label: sent.draft.name)
        let effects = session.send(.action(.confirm(.yes)))
        #expect(effects.count == 1 && effects.allSatisfy { effect in
            if case let .outbox(.storeChange(draft, _)) = effect { draft == delete } else { false }
        }, "\(effects)")
        #expect(session.state.writes.undoStack.isEmpty, "nothing left for u")
        #expect(session.send(.action(.confirm(.no))) == [])
    }

    @Test func thePendingListMovesAndDeletesAfterAYes() {
        var session = Session.atHome()
        #expect(session.send(.action(.outbox(.showPending))) == [], "nothing to list")
        #expect(session.state.overlay == nil)
        let refused = expense("b", state: .refused(reason: .server("Budget introuvable")))
        session.send(.outbox(.outboxChanged(OutboxSnapshot(items: [expense("a"), refused]))))
        session.send(.action(.outbox(.showPending)))
        #expect(session.state.overlay == .pendingList(selected: 0))
        session.send(.action(.outbox(.moveDown)))
        session.send(.action(.outbox(.moveDown)))
        #expect(session.state.overlay == .pendingList(selected: 1))
        session.send(.action(.outbox(.deleteSelected)))
        #expect(session.state.overlay == .confirm(.dropPending(.expense(refused))))
        #expect(session.send(.action(.confirm(.yes))) == [.outbox(.removePending(id: "b"))])
        #expect(session.state.writes.outbox.items.map(\.id) == ["a"])
        #expect(session.state.overlay == .pendingList(selected: 0))
    }

    @Test func entreeOnARefusalOpensThePendingList() {
        var session = Session.atHome()
        let refused = expense("b", state: .refused(reason: .server("Budget introuvable")))
        session.send(.outbox(.outboxChanged(OutboxSnapshot(items: [refused]))))
        session.send(.outbox(.expenseRefused(refused)))
        session.send(.action(.browse(.openSelectedMonth)))
        #expect(session.state.overlay == .pendingList(selected: 0))
    }
}
