import Foundation
import PulpeDomain
import Testing
@testable import PulpeCore

/// `pulpe pending`: the saved session's file, then the outbox — never the network.
@Suite struct PendingFlowTests {
    @Test func itReadsTheSavedSessionThenTheOutboxAndNothingElse() {
        var flow = PendingFlow()
        #expect(flow.begin() == [.session(.readSavedSession)], "local: it passes the closed gate")
        let summary = SessionSummary(email: "a@b.ch", isDemo: false, isUnlocked: false, hasKeptKey: false)
        #expect(flow.receive(.session(.savedSessionRead(summary))) == [.outbox(.loadOutbox)])
        let waiting = OutboxSnapshot(changes: [PendingChange(id: "o-1", operation: .deleteTransaction(id: "t1"),
                                                             month: QuickAddFixture.november, label: "x", state: .pending)])
        #expect(flow.receive(.outbox(.outboxChanged(waiting))).isEmpty)
        #expect(flow.receiveEnd(of: .outbox(.loadOutbox)).isEmpty)
        #expect(flow.outcome == .listed(waiting))
        #expect(!flow.allowsRequests)
    }

    @Test func nobodySignedInStopsThere() {
        var flow = PendingFlow()
        _ = flow.begin()
        #expect(flow.receive(.session(.savedSessionRead(nil))).isEmpty)
        #expect(flow.outcome == .notSignedIn)
    }
}
