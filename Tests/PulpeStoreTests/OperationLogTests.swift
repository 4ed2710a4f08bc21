import Foundation
import GRDB
import PulpeDomain
import Testing
@testable import PulpeStore

/// The outbox as an operation log (decision 46, docs/operations.md): a file written by the first
/// release migrates without losing an item, operations coalesce in the store as `OperationQueue`
/// says (never into an item on the wire), a refused create takes what waits on it down with it,
/// and an unreadable row never hides or blocks the rows behind it.
@Suite struct OperationLogTests {
    private static let november = Fixtures.november
    private static let ana = Fixtures.ana

    private func expense(_ id: String, _ amount: String, name: String = "Café") -> NewTransaction {
        NewTransaction(id: id, budgetId: "budget-nov", name: name, amount: Fixtures.amount(amount), kind: .expense,
                       transactionDate: Fixtures.t0, checkedAt: nil)
    }

    /// Stores `operation` as the shell and the TUI do (claims younger than 60 s held by a live owner).
    @discardableResult
    private func enqueue(_ store: OutboxStore, _ operation: WriteOperation, id: String, label: String = "Café",
                         previousAmount: Decimal? = nil, at: Date = Fixtures.t0) throws -> OutboxStoring {
        try store.enqueue(operation, id: id, label: label, previousAmount: previousAmount, month: Self.november,
                          scope: Self.ana, at: at, claimTimeout: 60)
    }

    private func create(_ store: OutboxStore, _ transaction: NewTransaction) throws {
        let stored = try enqueue(store, .createTransaction(transaction), id: transaction.id!, label: transaction.name)
        guard case let .stored(item) = stored else {
            Issue.record("a create on an empty queue is stored, got \(stored)")
            return
        }
        #expect(item.id == transaction.id && item.operation == .createTransaction(transaction))
    }

    private func refusal(_ store: OutboxStore, of id: String) throws -> String? {
        try store.writer!.read { db in try String.fetchOne(db, sql: "SELECT refusal FROM outboxItem WHERE id = ?", arguments: [id]) }
    }

    // MARK: Migration

    @Test func aFileWrittenByTheFirstReleaseMigratesWithoutLosingAnItem() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("outbox.sqlite").path
        let enqueued = Fixtures.t0.timeIntervalSince1970
        let date = Fixtures.t0.addingTimeInterval(-3600).timeIntervalSince1970
        let claimedAt = Fixtures.t0.addingTimeInterval(30).timeIntervalSince1970
        do {
            // Exactly what the first release's code made and wrote: its schema, its columns.
            let queue = try DatabaseQueue(path: path)
            try OutboxSchema.migrator.migrate(queue, upTo: "v1 outboxItem")
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO outboxItem (id, serverKey, userId, year, month, budgetId, budgetLineId, name, amount, kind,
                                            transactionDate, checkedAt, refusal, attempts, notBefore, claimOwner, claimedAt, enqueuedAt)
                    VALUES (?, ?, ?, 2026, 11, 'budget-nov', NULL, 'Café du coin', '12.35', 'expense', ?, ?, NULL, 0, NULL, NULL, NULL, ?)
                    """, arguments: ["first-0001", Self.ana.serverKey, Self.ana.userId, date, date, enqueued])
                try db.execute(sql: """
                    INSERT INTO outboxItem (id, serverKey, userId, year, month, budgetId, budgetLineId, name, amount, kind,
                                            transactionDate, checkedAt, refusal, attempts, notBefore, claimOwner, claimedAt, enqueuedAt)
                    VALUES (?, ?, ?, 2026, 11, 'budget-nov', 'line-1', 'Salaire', '0.1', 'income', ?, NULL, NULL, 1, NULL, ?, ?, ?)
                    """, arguments: ["second-0002", Self.ana.serverKey, Self.ana.userId, date, "host/4242/cafe", claimedAt,
                                     enqueued + 1])
            }
            try queue.close()
        }

        let store = try OutboxStore.open(at: path, now: Fixtures.t0)
        #expect(store.opening.setAside == nil, "a first-release file is an outbox, never set aside")
        let items = try store.items(scope: Self.ana)
        #expect(items.map(\.id) == ["first-0001", "second-0002"], "both items, in entry order")
        #expect(items.count == 2)
        guard items.count == 2 else { return }
        let at = Date(timeIntervalSince1970: date)
        #expect(items[0].operation == .createTransaction(NewTransaction(
            id: "first-0001", budgetId: "budget-nov", budgetLineId: nil, name: "Café du coin", amount: Fixtures.amount("12.35"),
            kind: .expense, transactionDate: at, checkedAt: at)))
        #expect(items[1].operation == .createTransaction(NewTransaction(
            id: "second-0002", budgetId: "budget-nov", budgetLineId: "line-1", name: "Salaire", amount: Fixtures.amount("0.1"),
            kind: .income, transactionDate: at, checkedAt: nil)))
        #expect(items.map(\.label) == ["Café du coin", "Salaire"])
        #expect(items.map(\.previousAmount) == [nil, nil])
        #expect(items.map(\.month) == [Self.november, Self.november])
        #expect(items.map(\.state) == [.pending, .pending])
        #expect(items.map(\.attempts) == [0, 1])
        // `sends`: what the row says was tried, plus the send a live claim had under way.
        #expect(items.map(\.sends) == [0, 2])
        #expect(items[1].claim == OutboxClaim(owner: "host/4242/cafe", at: Date(timeIntervalSince1970: claimedAt)))
        #expect(items.map(\.enqueuedAt) == [Fixtures.t0, Fixtures.t0.addingTimeInterval(1)])

        // Still sent as it was: the oldest first, the claimed one taken over once its claim is stale —
        // and that send counts as a replay.
        let first = try #require(try store.claimNext(scope: Self.ana, owner: "shell", at: Fixtures.t0, claimTimeout: 60))
        #expect(first.id == "first-0001" && first.sends == 1)
        #expect(try store.markSent(id: "first-0001"))
        #expect(try store.claimNext(scope: Self.ana, owner: "shell", at: Fixtures.t0.addingTimeInterval(31), claimTimeout: 60,
                                    isOwnerAlive: { _ in true }) == nil, "a live claim is not taken over")
        let second = try #require(try store.claimNext(scope: Self.ana, owner: "shell", at: Fixtures.t0.addingTimeInterval(91),
                                                      claimTimeout: 60))
        #expect(second.id == "second-0002" && second.sends == 3)

        // And reopened once migrated, nothing changes (the migration runs once).
        let reopened = try OutboxStore.open(at: path, now: Fixtures.t0)
        #expect(try reopened.items(scope: Self.ana).map(\.sends) == [3])
    }

    // MARK: Coalescing through the store

    @Test func aPatchOfAQueuedCreateIsFoldedIntoIt() throws {
        let store = try OutboxStore.inMemory()
        try create(store, expense("tx-a", "4.50"))
        let folded = try enqueue(store, .patchTransaction(id: "tx-a", TransactionChanges(amount: Fixtures.amount("54"))),
                                 id: "patch-1", previousAmount: Fixtures.amount("4.50"))
        #expect(folded == .folded(into: "tx-a"))
        let items = try store.items(scope: Self.ana)
        #expect(items.map(\.id) == ["tx-a"], "one row: the create carries the edit")
        #expect(items.first?.operation == .createTransaction(expense("tx-a", "54")))
        #expect(items.first?.transaction?.amount == Fixtures.amount("54"))
        #expect(try store.totalCount() == 1)
        // A rename then a check, folded the same way.
        #expect(try enqueue(store, .patchTransaction(id: "tx-a", TransactionChanges(name: "Café crème")), id: "patch-2")
                == .folded(into: "tx-a"))
        #expect(try enqueue(store, .setTransactionChecked(id: "tx-a", checked: true, at: Fixtures.t0), id: "check-1")
                == .folded(into: "tx-a"))
        let last = try #require(try store.items(scope: Self.ana).first?.transaction)
        #expect(last.name == "Café crème" && last.amount == Fixtures.amount("54") && last.checkedAt == Fixtures.t0)
        #expect(try store.totalCount() == 1)
    }

    @Test func aDeleteOfAQueuedCreateCancelsBoth() throws {
        let store = try OutboxStore.inMemory()
        try create(store, expense("tx-a", "4.50"))
        try create(store, expense("tx-b", "7", name: "Pain"))
        #expect(try enqueue(store, .deleteTransaction(id: "tx-a"), id: "delete-1") == .cancelled)
        #expect(try store.items(scope: Self.ana).map(\.id) == ["tx-b"], "the other expense stays")
        #expect(try enqueue(store, .deleteTransaction(id: "tx-b"), id: "delete-2", label: "Pain") == .cancelled)
        #expect(try store.items(scope: Self.ana).isEmpty)
        #expect(try store.totalCount() == 0, "nothing left to send")
    }

    @Test func twoPatchesOfOneTransactionMergeIntoOneRow() throws {
        let store = try OutboxStore.inMemory()
        guard case .stored = try enqueue(store, .patchTransaction(id: "tx-1", TransactionChanges(amount: Fixtures.amount("54"))),
                                         id: "patch-1", label: "Migros", previousAmount: Fixtures.amount("45")) else {
            Issue.record("the first patch is stored")
            return
        }
        let second = try enqueue(store, .patchTransaction(id: "tx-1", TransactionChanges(name: "Migros Bienne",
                                                                                          amount: Fixtures.amount("55.10"))),
                                 id: "patch-2", label: "Migros", previousAmount: Fixtures.amount("54"))
        #expect(second == .folded(into: "patch-1"))
        let items = try store.items(scope: Self.ana)
        #expect(items.map(\.id) == ["patch-1"])
        #expect(items.first?.operation == .patchTransaction(id: "tx-1", TransactionChanges(name: "Migros Bienne",
                                                                                           amount: Fixtures.amount("55.10"))),
                "newer fields win")
        #expect(items.first?.label == "Migros")
        #expect(items.first?.previousAmount == Fixtures.amount("45"), "« 45.00 → 55.10 »: the amount before the first edit")
        // Another transaction's patch is its own row.
        guard case .stored = try enqueue(store, .patchTransaction(id: "tx-2", TransactionChanges(name: "Coop")),
                                         id: "patch-3", label: "Coop") else {
            Issue.record("another transaction's patch is stored")
            return
        }
        #expect(try store.items(scope: Self.ana).map(\.id) == ["patch-1", "patch-3"])
    }

    @Test func checkUncheckCheckLeavesOneRowChecked() throws {
        let store = try OutboxStore.inMemory()
        for (index, checked) in [true, false, true].enumerated() {
            let stored = try enqueue(store, .setTransactionChecked(id: "tx-1", checked: checked, at: Fixtures.t0),
                                     id: "check-\(index)", label: "Loyer", at: Fixtures.t0.addingTimeInterval(Double(index)))
            guard case .stored = stored else {
                Issue.record("press \(index): \(stored)")
                continue
            }
        }
        let items = try store.items(scope: Self.ana)
        #expect(items.count == 1, "\(items.map(\.operation))")
        #expect(items.first?.operation == .setTransactionChecked(id: "tx-1", checked: true, at: Fixtures.t0))
        #expect(try store.totalCount() == 1)
    }

    @Test func nothingIsFoldedIntoAnItemUnderALiveClaim() throws {
        let store = try OutboxStore.inMemory()
        // A patch on the wire: the next patch queues behind it.
        let patch = TransactionChanges(amount: Fixtures.amount("54"))
        guard case .stored = try enqueue(store, .patchTransaction(id: "tx-1", patch), id: "patch-1") else {
            Issue.record("stored")
            return
        }
        #expect(try store.claimNext(scope: Self.ana, owner: "tui", at: Fixtures.t0, claimTimeout: 60)?.id == "patch-1")
        let later = try enqueue(store, .patchTransaction(id: "tx-1", TransactionChanges(name: "Migros")), id: "patch-2",
                                at: Fixtures.t0.addingTimeInterval(1))
        guard case let .stored(second) = later else {
            Issue.record("a patch of an item in flight is stored apart, got \(later)")
            return
        }
        #expect(second.id == "patch-2")
        let items = try store.items(scope: Self.ana)
        #expect(items.map(\.id) == ["patch-1", "patch-2"])
        #expect(items.first?.operation == .patchTransaction(id: "tx-1", patch), "the body on the wire is unchanged")

        // A create on the wire: an edit is not folded into it either (it may already be on the server).
        try create(store, expense("tx-a", "4.50"))
        #expect(try store.markSent(id: "patch-1"))
        #expect(try store.markSent(id: "patch-2"))
        #expect(try store.claimNext(scope: Self.ana, owner: "tui", at: Fixtures.t0, claimTimeout: 60)?.id == "tx-a")
        let edit = try enqueue(store, .patchTransaction(id: "tx-a", TransactionChanges(amount: Fixtures.amount("5"))),
                               id: "patch-3", at: Fixtures.t0.addingTimeInterval(2))
        guard case .stored = edit else {
            Issue.record("an edit of a create in flight is stored apart, got \(edit)")
            return
        }
        #expect(try store.items(scope: Self.ana).first?.transaction?.amount == Fixtures.amount("4.50"))
        // Nor does a delete cancel a create that may be on the server: it is queued after it.
        let delete = try enqueue(store, .deleteTransaction(id: "tx-a"), id: "delete-1", at: Fixtures.t0.addingTimeInterval(3))
        guard case .stored = delete else {
            Issue.record("a delete of a create in flight is stored, got \(delete)")
            return
        }
        #expect(try store.items(scope: Self.ana).map(\.id) == ["tx-a", "delete-1"], "the delete drops the queued edit")
    }

    @Test func nothingIsFoldedIntoACreateSentBefore() throws {
        let store = try OutboxStore.inMemory()
        try create(store, expense("tx-a", "4.50"))
        // Sent once, answer lost (a timeout): released, `sends` 1 — it may be on the server.
        #expect(try store.claimNext(scope: Self.ana, owner: "tui", at: Fixtures.t0, claimTimeout: 60)?.id == "tx-a")
        try store.release(id: "tx-a", owner: "tui", notBefore: nil)
        #expect(try store.items(scope: Self.ana).first?.sends == 1)
        let edit = try enqueue(store, .patchTransaction(id: "tx-a", TransactionChanges(amount: 54)), id: "patch-1",
                               at: Fixtures.t0.addingTimeInterval(1))
        guard case .stored = edit else {
            Issue.record("an edit of a create sent before is queued behind it (a replay's 409 would drop it), got \(edit)")
            return
        }
        #expect(try store.items(scope: Self.ana).first?.transaction?.amount == Fixtures.amount("4.50"), "the create's body unchanged")
        let delete = try enqueue(store, .deleteTransaction(id: "tx-a"), id: "delete-1", at: Fixtures.t0.addingTimeInterval(2))
        guard case .stored = delete else {
            Issue.record("a delete of a create sent before is queued, never cancels it, got \(delete)")
            return
        }
        #expect(try store.items(scope: Self.ana).map(\.id) == ["tx-a", "delete-1"], "the delete drops the queued edit")
        #expect(try store.claimNext(scope: Self.ana, owner: "tui", at: Fixtures.t0.addingTimeInterval(3), claimTimeout: 60)?.id == "tx-a")
    }

    @Test func aStaleClaimIsNoLongerInFlight() throws {
        let store = try OutboxStore.inMemory()
        guard case .stored = try enqueue(store, .patchTransaction(id: "tx-1", TransactionChanges(amount: 54)), id: "patch-1") else {
            Issue.record("stored")
            return
        }
        _ = try store.claimNext(scope: Self.ana, owner: "dead", at: Fixtures.t0, claimTimeout: 60)
        // Its owner is gone: the item is pending again, and folded into.
        let later = try store.enqueue(.patchTransaction(id: "tx-1", TransactionChanges(name: "Migros")), id: "patch-2",
                                      label: "Migros", month: Self.november, scope: Self.ana, at: Fixtures.t0.addingTimeInterval(1),
                                      claimTimeout: 60, isOwnerAlive: { _ in false })
        #expect(later == .folded(into: "patch-1"))
        #expect(try store.items(scope: Self.ana).map(\.operation)
                == [.patchTransaction(id: "tx-1", TransactionChanges(name: "Migros", amount: 54))])
    }

    // MARK: Refusals

    /// Decision 94: a month a waiting plan makes is shown from its template and written to; the
    /// plan refused, what was written into its months is refused with it (never stuck waiting
    /// for a budget that will not come), and a month outside it is not touched.
    @Test func aRefusedPlanRefusesTheWritesIntoTheMonthsItWasToMake() throws {
        let store = try OutboxStore.inMemory()
        let november = BudgetMonth(year: 2026, month: 11)
        let january = BudgetMonth(year: 2027, month: 1)
        _ = try enqueue(store, .generateBudgets(templateId: "tpl", from: november, count: 3), id: "plan", label: "Standard")
        var inJanuary = expense("tx-jan", "4.50")
        inJanuary.budgetId = ProvisionalBudget.budgetId(january)
        _ = try enqueue(store, .createTransaction(inJanuary), id: "tx-jan", at: Fixtures.t0.addingTimeInterval(1))
        var inFebruary = expense("tx-feb", "5.50")
        inFebruary.budgetId = ProvisionalBudget.budgetId(january.next)
        _ = try enqueue(store, .createTransaction(inFebruary), id: "tx-feb", at: Fixtures.t0.addingTimeInterval(2))
        try store.markRefused(id: "plan", reason: .server("Template not found"))
        let states = Dictionary(uniqueKeysWithValues: try store.items(scope: Self.ana).map { ($0.id, $0.state) })
        #expect(states["tx-jan"] == .refused(reason: .dependsOn(label: "Standard")), "\(states)")
        #expect(states["tx-feb"] == .pending, "past the plan: \(states)")
    }

    @Test func aRefusedCreateRefusesTheQueuedPatchOfItsTransaction() throws {
        let store = try OutboxStore.inMemory()
        try create(store, expense("tx-a", "4.50"))
        #expect(try store.claimNext(scope: Self.ana, owner: "tui", at: Fixtures.t0, claimTimeout: 60)?.id == "tx-a")
        // Entered while the create was on the wire: queued behind it.
        guard case .stored = try enqueue(store, .patchTransaction(id: "tx-a", TransactionChanges(amount: 5)), id: "patch-1",
                                         at: Fixtures.t0.addingTimeInterval(1)) else {
            Issue.record("stored")
            return
        }
        guard case .stored = try enqueue(store, .patchTransaction(id: "tx-other", TransactionChanges(amount: 6)), id: "patch-2",
                                         label: "Pain", at: Fixtures.t0.addingTimeInterval(2)) else {
            Issue.record("stored")
            return
        }
        try store.markRefused(id: "tx-a", reason: .server("Budget not found"))
        let items = try store.items(scope: Self.ana)
        #expect(items.map(\.id) == ["tx-a", "patch-1", "patch-2"], "refused items are kept")
        #expect(items.first?.state == .refused(reason: .server("Budget not found")))
        guard case let .refused(reason)? = items.dropFirst().first?.state else {
            Issue.record("the patch of a refused create is refused with it: \(items.map(\.state))")
            return
        }
        #expect(reason == .dependsOn(label: "Café"), "names what it depended on: \(reason)")
        #expect(items.last?.state == .pending, "another transaction's patch is not touched")
        #expect(try store.pendingCount(scope: Self.ana) == 1)
        #expect(try store.claimNext(scope: Self.ana, owner: "tui", at: Fixtures.t0, claimTimeout: 60)?.id == "patch-2")

        // Added later on the refused item: refused at once, for the same reason.
        let late = try enqueue(store, .setTransactionChecked(id: "tx-a", checked: true, at: Fixtures.t0), id: "check-1",
                               at: Fixtures.t0.addingTimeInterval(3))
        guard case let .stored(blocked) = late, case let .refused(why) = blocked.state else {
            Issue.record("an operation on a refused create is stored refused, got \(late)")
            return
        }
        #expect(why == .dependsOn(label: "Café"), "\(why)")
    }

    // MARK: Unreadable rows

    @Test func anUnreadableRowIsSkippedAndRefusedNeverBlocking() throws {
        let store = try OutboxStore.inMemory()
        guard case .stored = try enqueue(store, .patchTransaction(id: "tx-1", TransactionChanges(amount: 54)), id: "patch-1"),
              case .stored = try enqueue(store, .deleteTransaction(id: "tx-2"), id: "delete-1", label: "Pain") else {
            Issue.record("stored")
            return
        }
        try store.writer!.write { db in
            try db.execute(sql: "UPDATE outboxItem SET operation = ? WHERE id = 'patch-1'", arguments: [#"{"garbage":"#])
        }
        #expect(try store.items(scope: Self.ana).map(\.id) == ["delete-1"], "the unreadable row is left out")
        #expect(try store.totalCount() == 2, "but kept in the file")

        // Never folded into: a new patch of the same transaction is a row of its own.
        let again = try enqueue(store, .patchTransaction(id: "tx-1", TransactionChanges(name: "Migros")), id: "patch-2",
                                at: Fixtures.t0.addingTimeInterval(1))
        guard case .stored = again else {
            Issue.record("stored apart, got \(again)")
            return
        }

        let claimed = try store.claimNext(scope: Self.ana, owner: "shell", at: Fixtures.t0, claimTimeout: 60)
        #expect(claimed?.id == "delete-1", "the next row, not nil")
        #expect(try refusal(store, of: "patch-1") == RefusalReason.unreadable.stored)
        #expect(try store.pendingCount(scope: Self.ana) == 2, "delete-1 (claimed) and patch-2")
        #expect(try store.markSent(id: "delete-1"))
        #expect(try store.claimNext(scope: Self.ana, owner: "shell", at: Fixtures.t0, claimTimeout: 60)?.id == "patch-2")
    }

    @Test func anUnreadableFirstReleaseRowDoesNotBlockEither() throws {
        let store = try OutboxStore.inMemory()
        try create(store, expense("tx-a", "4.50"))
        try create(store, expense("tx-b", "7", name: "Pain"))
        try store.writer!.write { db in
            try db.execute(sql: "UPDATE outboxItem SET kind = 'spending' WHERE id = 'tx-a'")
        }
        #expect(try store.items(scope: Self.ana).map(\.id) == ["tx-b"])
        #expect(try store.claimNext(scope: Self.ana, owner: "shell", at: Fixtures.t0, claimTimeout: 60)?.id == "tx-b")
        #expect(try refusal(store, of: "tx-a") == RefusalReason.unreadable.stored)
    }
}
