import PulpeDomain
import Testing
@testable import PulpeCore

/// docs/product.md §2.3: maintenance keeps unsaved form input and brings the user back to it.
@Suite struct QuickAddMaintenanceTests {
    private let alice = SessionSummary(email: "alice@example.ch", isDemo: false, isUnlocked: true)

    private func typing() -> Session {
        var session = QuickAddFixture.opened()
        session.type("12+8.50")
        session.press(.quickAdd(.nextField))
        session.type("Café du co")
        session.send(.text(.moveLeft))
        session.press(.quickAdd(.nextField))
        return session
    }

    @Test func theTypedExpenseSurvivesMaintenanceAndComesBack() throws {
        var session = typing()
        let before = try #require(session.form)
        session.send(.availability(.maintenanceDetected(message: nil, at: .seconds(10))))
        guard case .maintenance = session.state.screen else {
            Issue.record("not in maintenance: \(session.state.screen)")
            return
        }
        guard case .home? = session.state.resumeScreen, let kept = session.state.home else {
            Issue.record("nothing to come back to")
            return
        }
        #expect(kept.quickAdd == before)
        session.send(.action(.startup(.retry)))
        session.send(.availability(.serviceChecked(.available, at: .seconds(11))))
        session.send(.session(.sessionRestored(alice, at: .seconds(11))))
        let after = try #require(session.form, "the form is back over the panels")
        #expect(after == before)
        #expect(after.amount.text == "12+8.50")
        #expect(after.description.text == "Café du co")
        #expect(after.description.cursor == 9, "even the cursor")
        #expect(after.focus == .line, "the field after the description: the prévision")
        #expect(session.state.resumeScreen == nil)
        // And it still saves.
        guard session.send(.action(.quickAdd(.submit))).storedExpense != nil else {
            Issue.record("not stored after coming back")
            return
        }
    }

    @Test func theOutboxAnswerDuringMaintenanceReachesTheKeptForm() {
        var session = typing()
        session.press(.quickAdd(.previousField))
        session.send(.text(.moveToEnd))
        session.type("in")
        guard case let (_, draft, _)? = session.send(.action(.quickAdd(.submit))).storedExpense else {
            Issue.record("nothing stored")
            return
        }
        session.send(.availability(.maintenanceDetected(message: nil, at: .seconds(10))))
        session.quickAddStored(PendingExpense(id: "c-1", draft: draft, state: .pending))
        guard case .home? = session.state.resumeScreen, let kept = session.state.home else {
            Issue.record("nothing to come back to")
            return
        }
        #expect(kept.quickAdd == nil, "stored on disk: it does not come back as unsaved")
    }
}
