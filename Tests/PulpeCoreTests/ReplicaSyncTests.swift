import Foundation
import PulpeDomain
import Testing
@testable import PulpeCore

/// The account's background read in the TUI (issue 42): asked when the server's settings arrive,
/// one at a time, said on the status line, again every 15 minutes and after `r`, never through a
/// closed gate.
@Suite struct ReplicaSyncTests {
    private let settings = Browsing.settings
    private let kept = ReplicaStatus(months: 16, at: Date(timeIntervalSince1970: 1_764_000_000))

    @discardableResult
    private func synced(_ session: inout Session) -> [Effect] {
        session.send(.budgets(.settingsLoaded(.loaded(settings, today: november21), at: .seconds(2))))
    }

    @Test func theServersSettingsStartOneReadSaidOnTheStatusLine() {
        var session = Session.atHome()
        #expect(synced(&session).contains(.budgets(.syncAccount)))
        #expect(session.state.status.current == StatusEntry(.syncingAccount) || session.state.status.queue.contains(StatusEntry(.syncingAccount)))
        // A second answer while the first read runs asks nothing more.
        #expect(!synced(&session).contains(.budgets(.syncAccount)))
        let done = session.send(.budgets(.accountSynced(.synced(kept), at: .seconds(5))))
        #expect(!session.state.replica.running && session.state.replica.lastStarted == .seconds(2))
        #expect(session.state.replica.status == kept)
        #expect(done.contains { if case let .schedule(token, after) = $0 { token.id == .accountSync && after == .seconds(900) } else { false } })
        let said = [session.state.status.current].compactMap { $0 } + session.state.status.queue
        #expect(said.contains(StatusEntry(.accountSynced(months: 16, at: kept.at))), "\(said)")
    }

    @Test func cachedSettingsAskNothingAndAFailureKeepsWhatWasKept() {
        var session = Session.atHome()
        let cached = session.send(.budgets(.settingsLoaded(.cached(settings, today: november21), at: .seconds(2))))
        #expect(!cached.contains(.budgets(.syncAccount)), "the cache's settings are not the server answering")
        synced(&session)
        session.send(.budgets(.accountSynced(.failed(.unreachable), at: .seconds(5))))
        #expect(!session.state.replica.running && session.state.replica.status == nil)
    }

    @Test func everyFifteenMinutesAndAfterR() {
        var session = Session.atHome()
        synced(&session)
        session.send(.budgets(.accountSynced(.synced(kept), at: .seconds(5))))
        #expect(session.fire(.accountSync, at: .seconds(905)).filter { !$0.isSchedule } == [.budgets(.syncAccount)])
        session.send(.budgets(.accountSynced(.synced(kept), at: .seconds(910))))
        // `r` a minute later: the settings' answer reads the account again at once.
        session.send(.action(.browse(.refresh)))
        #expect(session.send(.budgets(.settingsLoaded(.loaded(settings, today: november21), at: .seconds(970))))
            .contains(.budgets(.syncAccount)))
    }

    @Test func aClosedGateAsksNothing() {
        var session = Session.atHome()
        session.send(.availability(.maintenanceDetected(message: nil, at: .seconds(1))))
        #expect(!synced(&session).contains(.budgets(.syncAccount)))
        #expect(!session.state.replica.running)
    }
}
