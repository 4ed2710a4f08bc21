import Foundation
import PulpeDomain
import Testing
@testable import PulpeCore

/// The account's background read in the TUI (decision 81): asked once the shown month's answer
/// came from the server (after it, never beside it), one at a time, said on the status line,
/// again every 15 minutes and after `r`, never through a closed gate.
@Suite struct ReplicaSyncTests {
    private let kept = ReplicaStatus(months: 16, at: Date(timeIntervalSince1970: 1_764_000_000))

    static func readsTheAccount(_ effects: [Effect]) -> Bool {
        effects.contains { if case .budgets(.syncAccount) = $0 { true } else { false } }
    }

    /// November from the server, as shown.
    private func fresh(at seconds: Int) -> Msg {
        let fetched = Fetched(MonthContent.budget(Browsing.details(transactions: 3)), fetchedAt: kept.at, fromCache: false)
        return .budgets(.monthLoaded(Browsing.november, .fetched(fetched), at: .seconds(seconds)))
    }

    @discardableResult
    private func synced(_ session: inout Session) -> [Effect] {
        session.send(fresh(at: 2))
    }

    @Test func theShownMonthsAnswerStartsOneReadSaidOnTheStatusLine() {
        var session = Browsing.session()
        #expect(!Self.readsTheAccount(session.effects), "not beside the month the user waits for")
        // The first read of the run keeps a replica another pulpe read within 15 minutes.
        #expect(synced(&session).contains(.budgets(.syncAccount(ifOlderThan: .seconds(900)))))
        // The month's own news is what the line says; the read's start gives way to it.
        let shown = [session.state.status.current].compactMap { $0 } + session.state.status.queue
        #expect(shown.contains(StatusEntry(.updated(at: kept.at))) && !shown.contains(StatusEntry(.syncingAccount)), "\(shown)")
        // A second answer while the first read runs asks nothing more.
        #expect(!Self.readsTheAccount(synced(&session)))
        let done = session.send(.budgets(.accountSynced(.synced(kept), at: .seconds(5))))
        #expect(!session.state.replica.running && session.state.replica.lastStarted == .seconds(2))
        #expect(session.state.replica.status == kept)
        #expect(done.contains { if case let .schedule(token, after) = $0 { token.id == .accountSync && after == .seconds(900) } else { false } })
        let said = [session.state.status.current].compactMap { $0 } + session.state.status.queue
        #expect(said.contains(StatusEntry(.accountSynced(months: 16, at: kept.at))), "\(said)")
    }

    @Test func theCachedMonthAsksNothingAndAFailureKeepsWhatWasKept() {
        var session = Browsing.session()
        let fetched = Fetched(MonthContent.budget(Browsing.details(transactions: 3)), fetchedAt: kept.at, fromCache: true)
        let cached = session.send(.budgets(.monthLoaded(Browsing.november, .fetched(fetched), at: .seconds(2))))
        #expect(!Self.readsTheAccount(cached), "the cache's copy is not the server answering")
        synced(&session)
        session.send(.budgets(.accountSynced(.failed(.unreachable), at: .seconds(5))))
        #expect(!session.state.replica.running && session.state.replica.status == nil)
    }

    @Test func everyFifteenMinutesAndAfterR() {
        var session = Browsing.session()
        synced(&session)
        session.send(.budgets(.accountSynced(.synced(kept), at: .seconds(5))))
        #expect(session.fire(.accountSync, at: .seconds(905)).filter { !$0.isSchedule } == [.budgets(.syncAccount(ifOlderThan: nil))])
        // A read on its own is said while it runs.
        let said = [session.state.status.current].compactMap { $0 } + session.state.status.queue
        #expect(said.contains(StatusEntry(.syncingAccount)), "\(said)")
        session.send(.budgets(.accountSynced(.synced(kept), at: .seconds(910))))
        // `r` a minute later: the month's answer reads the account again at once.
        session.send(.action(.browse(.refresh)))
        #expect(session.send(fresh(at: 970)).contains(.budgets(.syncAccount(ifOlderThan: nil))), "whatever its age")
    }

    @Test func aClosedGateAsksNothing() {
        var session = Browsing.session()
        session.send(.availability(.maintenanceDetected(message: nil, at: .seconds(1))))
        #expect(!Self.readsTheAccount(synced(&session)))
        #expect(!session.state.replica.running)
    }
}
