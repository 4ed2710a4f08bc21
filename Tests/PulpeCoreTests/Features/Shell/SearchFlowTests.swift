import Foundation
import PulpeDomain
import Testing
@testable import PulpeCore

/// `pulpe search` as a headless flow, on scripted answers: the server is asked only through the
/// status check and a session that may read; offline the cache answers alone.
@Suite struct SearchFlowTests {
    typealias Fixture = QuickAddFixture
    static let locked = SessionSummary(email: "a@b.ch", isDemo: false, isUnlocked: false)
    static let hit = SearchHit.hits("caf", in: Fixture.novemberDetails, month: Fixture.november)
    static let waiting = OutboxSnapshot(changes: [PendingChange(id: "o-1", operation: .deleteTransaction(id: "t1"),
                                                                month: Fixture.november, label: "x", state: .pending)])

    /// Runs the flow on `check` and the sessions given; the commands asked, in order.
    static func run(_ flow: inout SearchFlow, check: ServiceCheckOutcome?, saved: SessionSummary?,
                    restored: SessionSummary?, hits: [SearchHit]) -> [Effect] {
        let begun = flow.begin()
        return FlowRunner.run(&flow, begun) { effect in
            switch effect {
            case .session(.checkOfflineData): return [.session(.offlineDataChecked(saved))]
            case .outbox(.loadOutbox): return [.outbox(.outboxChanged(waiting))]
            case .availability(.checkService):
                // No answer: the check's deadline passes.
                return check.map { [.availability(.serviceChecked($0, at: .seconds(1)))] }
                    ?? [.timerFired(TimerToken(id: .checkDeadline, generation: 1), at: .seconds(4))]
            case .session(.restoreSession): return [.session(.sessionRestored(restored, at: .seconds(1)))]
            case let .budgets(.search(query, askServer, _)):
                return [.budgets(.searchFinished(query, SearchResults(hits: hits, askedServer: askServer), at: .seconds(2)))]
            default: return []
            }
        }
    }

    static let scope = SearchScope(years: [2026], outbox: waiting, serverTimeout: .seconds(3))

    @Test func onlineTheServerIsAskedWithTheYearsAndWhatWaits() {
        var flow = SearchFlow(query: "café", years: [2026], timeout: .seconds(3))
        let asked = Self.run(&flow, check: .available, saved: ReadFlowTests.demo, restored: ReadFlowTests.demo, hits: Self.hit)
        #expect(asked == [.session(.checkOfflineData), .outbox(.loadOutbox), .availability(.checkService),
                          .session(.restoreSession), .budgets(.search("café", askServer: true, in: Self.scope))])
        #expect(flow.outcome == .found(SearchResults(hits: Self.hit, askedServer: true)))
    }

    @Test func inMaintenanceTheCacheAnswersAlone() {
        var flow = SearchFlow(query: "café", years: [2026], timeout: .seconds(3))
        let asked = Self.run(&flow, check: .maintenance(message: nil), saved: ReadFlowTests.demo, restored: nil, hits: Self.hit)
        #expect(!asked.contains(.session(.restoreSession)), "\(asked)")
        #expect(asked.last == .budgets(.search("café", askServer: false, in: Self.scope)))
        #expect(flow.outcome == .found(SearchResults(hits: Self.hit, askedServer: false)))
    }

    @Test func noAnswerToTheCheckIsTheCacheToo() {
        var flow = SearchFlow(query: "café", years: [2026], timeout: .seconds(3))
        let asked = Self.run(&flow, check: nil, saved: ReadFlowTests.demo, restored: nil, hits: [])
        #expect(asked.last == .budgets(.search("café", askServer: false, in: Self.scope)))
        #expect(flow.outcome == .found(SearchResults(hits: [], askedServer: false)))
    }

    @Test func aLockedSessionOnlineIsLockedAndOfflineFindingNothingIsToo() {
        var online = SearchFlow(query: "café", years: [], timeout: .seconds(3))
        _ = Self.run(&online, check: .available, saved: Self.locked, restored: Self.locked, hits: Self.hit)
        #expect(online.outcome == .locked)
        var offline = SearchFlow(query: "café", years: [], timeout: .seconds(3))
        _ = Self.run(&offline, check: .maintenance(message: nil), saved: Self.locked, restored: nil, hits: [])
        #expect(offline.outcome == .locked)
    }

    @Test func nobodySignedInAsksNothing() {
        var flow = SearchFlow(query: "café", years: [], timeout: .seconds(3))
        let asked = Self.run(&flow, check: .available, saved: nil, restored: nil, hits: [])
        #expect(asked == [.session(.checkOfflineData)])
        #expect(flow.outcome == .notSignedIn)
    }
}
