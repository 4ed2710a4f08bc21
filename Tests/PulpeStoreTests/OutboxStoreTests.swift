import Foundation
import PulpeDomain
import Testing
@testable import PulpeStore

/// The durable outbox: order, claims between processes, take-over of a dead claim, refusals kept,
/// exact amounts, and a file that survives being reopened.
@Suite struct OutboxStoreTests {
    private static let november = Fixtures.november

    private func expense(_ id: String, _ amount: String, name: String = "Café") -> NewTransaction {
        NewTransaction(id: id, budgetId: "budget-nov", name: name, amount: Fixtures.amount(amount), kind: .expense,
                       transactionDate: Fixtures.t0, checkedAt: Fixtures.t0)
    }

    private func scratchPath() -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-outbox-\(UUID().uuidString)")
        return folder.appendingPathComponent("outbox.sqlite").path
    }

    @Test func itemsComeBackInEntryOrderWithExactAmounts() throws {
        let store = try OutboxStore.inMemory()
        try store.enqueue(expense("a", "12.35"), month: Self.november, scope: Fixtures.ana, at: Fixtures.t0)
        try store.enqueue(expense("b", "0.1"), month: Self.november, scope: Fixtures.ana, at: Fixtures.t0)
        try store.enqueue(expense("c", "999999.99"), month: Self.november, scope: Fixtures.ana, at: Fixtures.t0)
        try store.enqueue(expense("z", "5"), month: Self.november, scope: Fixtures.ben, at: Fixtures.t0)
        let items = try store.items(scope: Fixtures.ana)
        #expect(items.map(\.id) == ["a", "b", "c"])
        #expect(items.map(\.transaction?.amount) == [Fixtures.amount("12.35"), Fixtures.amount("0.1"), Fixtures.amount("999999.99")])
        #expect(items[0].transaction == expense("a", "12.35"))
        #expect(items.allSatisfy { $0.state == .pending && $0.claim == nil && $0.attempts == 0 })
        #expect(try store.pendingCount(scope: Fixtures.ana) == 3)
        #expect(try store.pendingCount(scope: Fixtures.ben) == 1, "another user's expenses never mix")
    }

    /// A tagged expense keeps its tags (kept as JSON: the expense columns have no place for them),
    /// through a correction too; an untagged one stays in the columns, as earlier rows are.
    @Test func aTaggedExpenseKeepsItsTagsThroughACorrection() throws {
        let store = try OutboxStore.inMemory()
        var tagged = expense("a", "12.35")
        tagged.tagIds = ["g-1", ProvisionalTag.id(for: "Vacances")]
        try store.enqueue(tagged, month: Self.november, scope: Fixtures.ana, at: Fixtures.t0)
        try store.enqueue(expense("b", "3"), month: Self.november, scope: Fixtures.ana, at: Fixtures.t0)
        #expect(try store.items(scope: Fixtures.ana).map(\.transaction) == [tagged, expense("b", "3")])
        #expect(try store.items(scope: Fixtures.ana).first?.label == "Café")
        try store.replace(id: "a", with: expense("a", "14", name: "Café crème"), month: Self.november)
        let corrected = try #require(try store.items(scope: Fixtures.ana).first?.transaction)
        #expect(corrected.amount == 14 && corrected.name == "Café crème" && corrected.tagIds == tagged.tagIds)
    }

    @Test func theSameClientIdCannotBeStoredTwice() throws {
        let store = try OutboxStore.inMemory()
        try store.enqueue(expense("a", "1"), month: Self.november, scope: Fixtures.ana, at: Fixtures.t0)
        #expect(throws: OutboxError.self) {
            try store.enqueue(expense("a", "2"), month: Self.november, scope: Fixtures.ana, at: Fixtures.t0)
        }
        #expect(try store.items(scope: Fixtures.ana).count == 1)
    }

    @Test func aClaimedItemIsNotClaimedAgainUntilItsClaimIsStale() throws {
        let store = try OutboxStore.inMemory()
        try store.enqueue(expense("a", "1"), month: Self.november, scope: Fixtures.ana, at: Fixtures.t0)
        try store.enqueue(expense("b", "2"), month: Self.november, scope: Fixtures.ana, at: Fixtures.t0)
        let first = try store.claimNext(scope: Fixtures.ana, owner: "tui", at: Fixtures.t0, claimTimeout: 60)
        #expect(first?.id == "a")
        #expect(first?.claim == OutboxClaim(owner: "tui", at: Fixtures.t0))
        // Items go in order: while the oldest is on the wire, nothing newer is sent.
        #expect(try store.claimNext(scope: Fixtures.ana, owner: "shell", at: Fixtures.t0.addingTimeInterval(5),
                                    claimTimeout: 60) == nil)
        // The TUI was killed mid-send: after the timeout another process takes the item over.
        let takeover = try store.claimNext(scope: Fixtures.ana, owner: "shell", at: Fixtures.t0.addingTimeInterval(61),
                                           claimTimeout: 60)
        #expect(takeover?.id == "a")
        #expect(takeover?.claim?.owner == "shell")
        #expect(try store.markSent(id: "a"))
        #expect(try store.claimNext(scope: Fixtures.ana, owner: "shell", at: Fixtures.t0.addingTimeInterval(62),
                                    claimTimeout: 60)?.id == "b")
    }

    @Test func aReleasedItemWaitsForItsBackoffThenGoesFirst() throws {
        let store = try OutboxStore.inMemory()
        try store.enqueue(expense("a", "1"), month: Self.november, scope: Fixtures.ana, at: Fixtures.t0)
        try store.enqueue(expense("b", "2"), month: Self.november, scope: Fixtures.ana, at: Fixtures.t0)
        _ = try store.claimNext(scope: Fixtures.ana, owner: "tui", at: Fixtures.t0, claimTimeout: 60)
        try store.release(id: "a", owner: "tui", notBefore: Fixtures.t0.addingTimeInterval(10))
        #expect(try store.claimNext(scope: Fixtures.ana, owner: "tui", at: Fixtures.t0.addingTimeInterval(9),
                                    claimTimeout: 60) == nil)
        let again = try store.claimNext(scope: Fixtures.ana, owner: "tui", at: Fixtures.t0.addingTimeInterval(10),
                                        claimTimeout: 60)
        #expect(again?.id == "a")
        #expect(again?.attempts == 1)
    }

    @Test func aRefusedItemIsKeptWithItsReasonAndSkipped() throws {
        let store = try OutboxStore.inMemory()
        try store.enqueue(expense("a", "1"), month: Self.november, scope: Fixtures.ana, at: Fixtures.t0)
        try store.enqueue(expense("b", "2"), month: Self.november, scope: Fixtures.ana, at: Fixtures.t0)
        _ = try store.claimNext(scope: Fixtures.ana, owner: "tui", at: Fixtures.t0, claimTimeout: 60)
        try store.markRefused(id: "a", reason: .server("Le budget n'existe plus"))
        #expect(try store.items(scope: Fixtures.ana).first?.state == .refused(reason: .server("Le budget n'existe plus")))
        #expect(try store.pendingCount(scope: Fixtures.ana) == 1)
        #expect(try store.claimNext(scope: Fixtures.ana, owner: "tui", at: Fixtures.t0, claimTimeout: 60)?.id == "b")
        // Corrected by the user: pending again, same id, same place in the queue.
        var fixed = expense("a", "1.50", name: "Café crème")
        fixed.budgetId = "budget-dec"
        try store.replace(id: "a", with: fixed, month: BudgetMonth(year: 2026, month: 12))
        let item = try #require(try store.items(scope: Fixtures.ana).first)
        #expect(item.id == "a" && item.state == .pending && item.transaction == fixed)
        #expect(item.month == BudgetMonth(year: 2026, month: 12))
    }

    @Test func anItemOnTheWireCannotBeRemoved() throws {
        let store = try OutboxStore.inMemory()
        try store.enqueue(expense("a", "1"), month: Self.november, scope: Fixtures.ana, at: Fixtures.t0)
        _ = try store.claimNext(scope: Fixtures.ana, owner: "tui", at: Fixtures.t0, claimTimeout: 60)
        #expect(try store.remove(id: "a", at: Fixtures.t0.addingTimeInterval(1), claimTimeout: 60) == .inFlight)
        try store.release(id: "a", owner: "tui", notBefore: nil)
        #expect(try store.remove(id: "a", at: Fixtures.t0.addingTimeInterval(2), claimTimeout: 60) == .removed)
        #expect(try store.remove(id: "a", at: Fixtures.t0.addingTimeInterval(3), claimTimeout: 60) == .notFound)
    }

    @Test func anEmptyFileIsMigratedAndPrivate() throws {
        let path = scratchPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let store = try OutboxStore.open(at: path)
        #expect(try store.items(scope: Fixtures.ana).isEmpty)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func whatWasEnqueuedIsThereAfterReopening() throws {
        let path = scratchPath()
        do {
            let store = try OutboxStore.open(at: path)
            try store.enqueue(expense("a", "12.50"), month: Self.november, scope: Fixtures.ana, at: Fixtures.fetched)
        }
        let reopened = try OutboxStore.open(at: path)
        let item = try #require(try reopened.items(scope: Fixtures.ana).first)
        #expect(item.transaction?.amount == Fixtures.amount("12.5"))
        #expect(item.enqueuedAt == Fixtures.fetched)
    }

    @Test func twoProcessesClaimEachItemOnce() async throws {
        let path = scratchPath()
        let setup = try OutboxStore.open(at: path)
        for index in 0..<40 {
            try setup.enqueue(expense("item-\(index)", "\(index + 1)"), month: Self.november, scope: Fixtures.ana, at: Fixtures.t0)
        }
        // Two stores on one file stand for the TUI and `pulpe add`: each claims, "sends", marks sent.
        let stores = [try OutboxStore.open(at: path), try OutboxStore.open(at: path)]
        let sent = try await withThrowingTaskGroup(of: [String].self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask {
                    var mine: [String] = []
                    while let item = try store.claimNext(scope: Fixtures.ana, owner: "p\(index)", at: Fixtures.t0,
                                                         claimTimeout: 60) {
                        mine.append(item.id)
                        try store.markSent(id: item.id)
                    }
                    return mine
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(sent.count == 40)
        #expect(Set(sent).count == 40, "no item was sent twice")
        #expect(try setup.items(scope: Fixtures.ana).isEmpty)
    }

    @Test func theDefaultPathIsInTheDataDir() {
        #expect(OutboxStore.defaultPath(environment: ["HOME": "/home/ana"]) == "/home/ana/.local/share/pulpe/outbox.sqlite")
        #expect(OutboxStore.defaultPath(environment: ["HOME": "/home/ana", "XDG_DATA_HOME": "/data"]) == "/data/pulpe/outbox.sqlite")
    }
}
