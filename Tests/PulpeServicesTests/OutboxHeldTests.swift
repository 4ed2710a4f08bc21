import Testing
@testable import PulpeServices

/// What an outbox set aside held is said with it (decision 99): a count, never a name or an amount,
/// and the data key that opens it — and nothing when nothing is known to wait in it.
@Suite struct OutboxHeldTests {
    @Test func theCountAndTheKeptDataKeyAreSaid() {
        let kept = "/h/.local/share/pulpe/data-key-20261207T045240Z.json"
        #expect(OutboxHeld(waiting: 2, dataKeyKeptAt: kept).sentence
                == "; it held 2 writes not sent, sealed with the data key kept as \(kept): the PIN that sealed them opens them"
                + " — keep both files (docs/bad-inputs.md)")
        #expect(OutboxHeld(waiting: 1, dataKeyKeptAt: nil).sentence == "; it held 1 write not sent")
    }

    @Test func nothingWaitingOrUnknownSaysNothing() {
        #expect(OutboxHeld(waiting: 0, dataKeyKeptAt: "k").sentence == "")
        #expect(OutboxHeld(waiting: nil, dataKeyKeptAt: "k").sentence == "")
        var report = LocalStateReport()
        report.outboxSetAside = nil
        report.outboxSetAsideHeld = OutboxHeld(waiting: 3, dataKeyKeptAt: nil)
        #expect(report.userLines.isEmpty, "said only with an outbox set aside")
    }
}
