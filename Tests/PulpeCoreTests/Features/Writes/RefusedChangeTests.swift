import Foundation
import PulpeDomain
import Testing
@testable import PulpeCore

/// A refused change in the pending list: `Entrée` tries it again (pending at once, the outbox asked
/// to put it back unchanged and to send), `d` drops it after a yes; a waiting change has nothing to retry.
@Suite struct RefusedChangeTests {
    private let november = BudgetMonth(year: 2026, month: 11)

    private func change(_ id: String, refused: Bool) -> PendingChange {
        PendingChange(id: id, operation: .setTransactionChecked(id: "t-\(id)", checked: true, at: .distantPast), month: november,
                      label: "Loyer", state: refused ? .refused(reason: .gone) : .pending)
    }

    @Test func entreeOnARefusedChangeTriesItAgain() {
        var session = Session.atHome()
        session.send(.outbox(.outboxChanged(OutboxSnapshot(changes: [change("a", refused: true)]))))
        session.send(.action(.outbox(.showPending)))
        #expect(session.state.overlay == .pendingList(selected: 0))
        let effects = session.send(.action(.outbox(.editSelected)))
        #expect(effects.contains(.outbox(.retryChange(id: "a", thenSync: true))), "\(effects)")
        #expect(session.state.writes.outbox.changes.first?.state == .pending, "pending again at once")
        #expect(session.state.pendingCount == 1)
    }

    @Test func entreeOnAWaitingChangeDoesNothing() {
        var session = Session.atHome()
        session.send(.outbox(.outboxChanged(OutboxSnapshot(changes: [change("a", refused: false)]))))
        session.send(.action(.outbox(.showPending)))
        #expect(session.send(.action(.outbox(.editSelected))).isEmpty)
    }

    @Test func dDropsARefusedChangeAfterAYes() {
        var session = Session.atHome()
        let refused = change("a", refused: true)
        session.send(.outbox(.outboxChanged(OutboxSnapshot(changes: [refused]))))
        session.send(.action(.outbox(.showPending)))
        session.send(.action(.outbox(.deleteSelected)))
        #expect(session.state.overlay == .confirm(.dropPending(.change(refused))))
        #expect(session.send(.action(.confirm(.yes))).contains(.outbox(.removePending(id: "a"))))
        #expect(session.state.writes.outbox.changes.isEmpty)
    }
}
