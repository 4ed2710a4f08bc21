import Foundation
import PulpeDomain
import Testing
@testable import PulpeCore

/// The shell's write verbs as a headless flow, fed by hand: the gate, the month's read and its
/// deadline, and where an operation stands once the sync ends.
@Suite struct ChangeFlowTests {
    typealias Fixture = QuickAddFixture
    static let signedIn = SessionSummary(email: "a@b.ch", isDemo: false, isUnlocked: true, hasKeptKey: true)
    static let delete = ChangeDraft(operation: .deleteTransaction(id: "t1"), month: Fixture.november, label: "Cafétéria HUG")

    static func flow() -> ChangeFlow {
        ChangeFlow(month: nil, today: november21, readTimeout: .seconds(5), sendTimeout: .seconds(8)) { shown, _, _, _ in
            guard case .budget = shown.content else { return .failure(.noBudget(shown.month)) }
            let draft = ChangeDraft(operation: delete.operation, month: delete.month, label: shown.isStale ? "stale" : delete.label)
            return .success(ResolvedWrite(done: [draft], undo: [], news: GestureNews(.deleted, name: draft.label)))
        }
    }

    static let cachedMonth = FetchOutcome<MonthContent>.fetched(Fetched(.budget(Fixture.novemberDetails), fetchedAt: .distantPast,
                                                                        fromCache: true))

    /// Through the check, the session, the outbox and the settings: the month's read asked for.
    static func toMonth(_ check: ServiceCheckOutcome) -> (ChangeFlow, [Effect]) {
        var flow = flow()
        _ = flow.begin()
        let session = flow.receive(.availability(.serviceChecked(check, at: .seconds(1))))
        let open = check == .available
        #expect(session == [open ? .session(.restoreSession) : .session(.checkOfflineData)])
        let reads = flow.receive(open ? .session(.sessionRestored(signedIn, at: .seconds(1))) : .session(.offlineDataChecked(signedIn)))
        #expect(reads.first == .outbox(.loadOutbox))
        _ = flow.receive(.outbox(.outboxChanged(OutboxSnapshot())))
        let settings = flow.receiveEnd(of: .outbox(.loadOutbox))
        #expect(settings.first == (open ? .budgets(.loadSettings) : .budgets(.loadCached(.settings))))
        #expect(settings.count == 2, "the read's deadline, armed with the settings: \(settings)")
        _ = flow.receive(.budgets(.settingsLoaded(.cached(Fixture.settings, today: november21), at: .seconds(1))))
        let month = settings.first.map { flow.receiveEnd(of: $0) } ?? []
        return (flow, month)
    }

    /// Through an open gate, the session, an empty outbox and the settings to the month's read,
    /// answered with `content`: what the flow does next (its first store, or its end).
    static func openAndRead(_ flow: inout ChangeFlow, _ content: MonthContent, month: BudgetMonth = Fixture.november) -> [Effect] {
        _ = flow.begin()
        _ = flow.receive(.availability(.serviceChecked(.available, at: .seconds(1))))
        _ = flow.receive(.session(.sessionRestored(signedIn, at: .seconds(1))))
        _ = flow.receive(.outbox(.outboxChanged(OutboxSnapshot())))
        let settings = flow.receiveEnd(of: .outbox(.loadOutbox))
        _ = flow.receive(.budgets(.settingsLoaded(.cached(Fixture.settings, today: november21), at: .seconds(1))))
        let read = flow.receiveEnd(of: settings[0])
        _ = flow.receive(.budgets(.monthLoaded(month, .fetched(Fetched(content, fetchedAt: .distantPast, fromCache: false)), at: .seconds(1))))
        return flow.receiveEnd(of: read[0])
    }

    /// An intent of two operations (a tag created before the edit that names it): stored one after
    /// the other, the last asks for the sync — and only the end of that store ends the verb. The
    /// first store's end may be reported late, after the second one's event: found by
    /// `TagsE2ETests` under load, where the verb then exited before its sync sent anything.
    @Test func aLateEndOfTheFirstStoreDoesNotEndTheVerb() {
        let tag = ChangeDraft(operation: .createTag(name: "Nuitée"), month: Fixture.november, label: "Nuitée")
        let edit = ChangeDraft(operation: .patchTransaction(id: "t1", TransactionChanges(tagIds: ["tag-pending:Nuitée"])),
                               month: Fixture.november, label: "Cafétéria HUG")
        var flow = ChangeFlow(month: nil, today: november21, readTimeout: .seconds(5), sendTimeout: .seconds(8)) { _, _, _, _ in
            .success(ResolvedWrite(done: [tag, edit], undo: [], news: GestureNews(.edited, name: "Cafétéria HUG")))
        }
        #expect(Self.openAndRead(&flow, .budget(Fixture.novemberDetails)) == [.outbox(.storeChange(tag, thenSync: false))])
        #expect(flow.receive(.outbox(.changeStored(id: "o-1"))) == [.outbox(.storeChange(edit, thenSync: true))])
        _ = flow.receive(.outbox(.changeStored(id: "o-2")))
        let waiting = OutboxSnapshot(changes: [PendingChange(id: "o-1", operation: tag.operation, month: Fixture.november, label: "Nuitée",
                                                             state: .pending)])
        _ = flow.receive(.outbox(.outboxChanged(waiting)))
        _ = flow.receiveEnd(of: .outbox(.storeChange(tag, thenSync: false)))
        #expect(flow.outcome == nil, "the first store's end, reported late, is not the sync's")
        _ = flow.receive(.outbox(.outboxChanged(OutboxSnapshot())))
        _ = flow.receiveEnd(of: .outbox(.storeChange(edit, thenSync: true)))
        #expect(flow.outcome == .done(edit))
    }

    @Test func maintenanceReadsTheCacheAndStoresWithoutSending() {
        var (flow, month) = Self.toMonth(.maintenance(message: nil))
        #expect(month == [.budgets(.loadCached(.month(Fixture.november)))], "the cache only: \(month)")
        _ = flow.receive(.budgets(.monthLoaded(Fixture.november, Self.cachedMonth, at: .seconds(1))))
        let store = flow.receiveEnd(of: month[0])
        #expect(store == [.outbox(.storeChange(Self.delete, thenSync: false))])
        _ = flow.receive(.outbox(.changeStored(id: "o-1")))
        #expect(flow.outcome == .queued(Self.delete, because: .maintenance))
    }

    @Test func aSlowServerLeavesTheCachedMonthMarkedStale() {
        var (flow, month) = Self.toMonth(.available)
        #expect(month == [.budgets(.loadMonth(Fixture.november))])
        _ = flow.receive(.budgets(.monthLoaded(Fixture.november, Self.cachedMonth, at: .seconds(1))))
        // The read's deadline (armed with the settings' read) passes before the server answers.
        let store = flow.receive(.timerFired(TimerToken(id: .readDeadline, generation: 1), at: .seconds(6)))
        guard case let .outbox(.storeChange(draft, thenSync))? = store.first else {
            Issue.record("not stored: \(store)")
            return
        }
        #expect(draft.label == "stale" && thenSync, "the cache's copy, marked stale, and the gate still open")
        #expect(flow.receive(.budgets(.monthLoaded(Fixture.november, Self.cachedMonth, at: .seconds(7)))).isEmpty, "a late answer changes nothing")
    }

    @Test func aRefusedKeyIsNotHiddenBehindTheCache() {
        var (flow, month) = Self.toMonth(.available)
        _ = flow.receive(.budgets(.monthLoaded(Fixture.november, Self.cachedMonth, at: .seconds(1))))
        _ = flow.receive(.budgets(.monthLoaded(Fixture.november, .failed(.keyChanged), at: .seconds(2))))
        #expect(flow.receiveEnd(of: month[0]).isEmpty)
        #expect(flow.outcome == .keyChanged)
    }

    @Test func whereTheOperationStandsOnceTheSyncEnds() {
        let waiting = PendingChange(id: "o-1", operation: Self.delete.operation, month: Fixture.november, label: "x", state: .pending)
        let refused = PendingChange(id: "o-1", operation: Self.delete.operation, month: Fixture.november, label: "x",
                                    state: .refused(reason: .gone))
        #expect(ChangeFlow.outcome(of: Self.delete, in: OutboxSnapshot(), stoppedBy: nil) == .done(Self.delete))
        #expect(ChangeFlow.outcome(of: Self.delete, in: OutboxSnapshot(changes: [waiting]), stoppedBy: .serverError)
            == .queued(Self.delete, because: .serverError))
        #expect(ChangeFlow.outcome(of: Self.delete, in: OutboxSnapshot(changes: [refused]), stoppedBy: nil)
            == .refused(Self.delete, reason: .gone))
    }
}
