import Foundation
import PulpeCore
import PulpeDomain
import PulpeNetworking
import PulpeStore
import Testing
@testable import PulpeServices

/// Every kind of write through the one outbox against the real sandbox over loopback (decision 46,
/// docs/operations.md): stored with `store(change:)`, sent by `sync`, and the server ends in the
/// intended state — a check is an intended state (a replay never flips it back), a patch of a
/// transaction gone elsewhere is refused and kept, a delete of what is already gone is done, a
/// prévision's create replayed is there once, its patch marks it adjusted, its delete frees its
/// transactions.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct OperationSyncTests {
    typealias Rig = SyncEngineTests.Rig

    static let november = BudgetMonth(year: 2026, month: 11)
    static let day = Date(timeIntervalSince1970: 1_795_176_000)   // 2026-11-20 10:00 UTC

    /// A transaction made on the server directly (as another device would), unchecked unless said.
    static func serverTransaction(_ rig: Rig, _ name: String, _ amount: Decimal, checked: Bool = false,
                                  budgetLineId: String? = nil) async throws -> Transaction {
        let id = UUID().uuidString.lowercased()
        _ = try await rig.app.network.client.createTransaction(NewTransaction(
            id: id, budgetId: rig.budget.id, budgetLineId: budgetLineId, name: name, amount: amount, kind: .expense,
            transactionDate: day, checkedAt: checked ? day : nil))
        let made = try await rig.app.network.client.transaction(id: id)
        #expect(made.isChecked == checked && made.name == name)
        return made
    }

    /// Stores `operation` as the shell and the TUI do; the queue's id when it is a row of its own.
    @discardableResult
    static func store(_ rig: Rig, _ operation: WriteOperation, label: String, previousAmount: Decimal? = nil,
                      sourceLocation: SourceLocation = #_sourceLocation) async -> String? {
        let draft = ChangeDraft(operation: operation, month: november, label: label, previousAmount: previousAmount)
        switch await rig.outbox.store(change: draft) {
        case let .success(id):
            return id
        case let .failure(failure):
            Issue.record("storing \(operation.kindName) failed: \(failure)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// A rig for `body`, stopped after it whatever happens.
    static func withRig(_ body: (Rig) async throws -> Void) async throws {
        let rig = try await Rig.start()
        do {
            try await body(rig)
        } catch {
            await rig.stop()
            throw error
        }
        await rig.stop()
    }

    /// Whether the server answers 404 for `call`.
    static func isGone(_ call: () async throws -> Void) async -> Bool {
        do {
            try await call()
            return false
        } catch let error as PulpeError {
            return error.kind == .notFound
        } catch {
            return false
        }
    }

    static func lines(_ rig: Rig) async throws -> [BudgetLine] {
        try await rig.app.network.client.budgetDetails(id: rig.budget.id).budgetLines
    }

    // MARK: Transactions

    @Test func aCheckReachesTheServerAndAnUncheckToo() async throws {
        try await Self.withRig { rig in
            let made = try await Self.serverTransaction(rig, "À pointer", 12)
            let id = try #require(await Self.store(rig, .setTransactionChecked(id: made.id, checked: true, at: Date()),
                                                   label: made.name))
            #expect(await rig.outbox.snapshot().changes.map(\.id) == [id], "on disk before any request")
            let report = await rig.outbox.sync { _ in }
            #expect(report.sent == [id] && report.remaining == 0 && report.stoppedBy == nil, "\(report)")
            #expect(try await rig.app.network.client.transaction(id: made.id).isChecked)
            #expect(await rig.outbox.snapshot().changes.isEmpty)

            await Self.store(rig, .setTransactionChecked(id: made.id, checked: false, at: Date()), label: made.name)
            _ = await rig.outbox.sync { _ in }
            #expect(try await rig.app.network.client.transaction(id: made.id).isChecked == false)
        }
    }

    @Test func aReplayedSetCheckedNeverFlipsItBack() async throws {
        try await Self.withRig { rig in
            // Already checked on the server (an earlier send got there, its answer was lost).
            let made = try await Self.serverTransaction(rig, "Déjà pointé", 8, checked: true)
            let id = try #require(await Self.store(rig, .setTransactionChecked(id: made.id, checked: true, at: Date()),
                                                   label: made.name))
            // ... and its process died holding the claim: this send is a replay.
            let store = try #require(rig.app.outbox)
            let scope = try #require(await rig.app.network.sessions.sessionInfo.map {
                CacheScope(serverKey: rig.app.configuration.sessionKey, userId: $0.userId)
            })
            let dead = "\(ProcessInfo.processInfo.hostName)/999999/deadbeef"
            #expect(try store.claimNext(scope: scope, owner: dead, at: Date(), claimTimeout: 90)?.id == id)
            let report = await rig.outbox.sync { _ in }
            #expect(report.sent == [id], "\(report)")
            #expect(try await rig.app.network.client.transaction(id: made.id).isChecked, "read first, toggled only when it differs")
            // Twice more, for good measure: still checked.
            await Self.store(rig, .setTransactionChecked(id: made.id, checked: true, at: Date()), label: made.name)
            _ = await rig.outbox.sync { _ in }
            await Self.store(rig, .setTransactionChecked(id: made.id, checked: true, at: Date()), label: made.name)
            _ = await rig.outbox.sync { _ in }
            #expect(try await rig.app.network.client.transaction(id: made.id).isChecked)
            #expect(await rig.outbox.snapshot().changes.isEmpty)
        }
    }

    @Test func aPatchChangesTheAmountAndTheName() async throws {
        try await Self.withRig { rig in
            let made = try await Self.serverTransaction(rig, "Migros", 45)
            let id = try #require(await Self.store(rig, .patchTransaction(id: made.id, TransactionChanges(amount: 54)),
                                                   label: made.name, previousAmount: 45))
            // A second edit before the sync merges into the first.
            #expect(await Self.store(rig, .patchTransaction(id: made.id, TransactionChanges(name: "Migros Bienne")),
                                     label: made.name) == nil, "folded into the queued patch")
            let changes = await rig.outbox.snapshot().changes
            #expect(changes.map(\.id) == [id])
            #expect(changes.first?.previousAmount == 45)
            let report = await rig.outbox.sync { _ in }
            #expect(report.sent == [id], "\(report)")
            let after = try await rig.app.network.client.transaction(id: made.id)
            #expect(after.amount == 54 && after.name == "Migros Bienne")
            #expect(after.kind == .expense && after.isChecked == false, "fields not patched are unchanged")
        }
    }

    @Test func aPatchOfATransactionDeletedElsewhereIsRefusedAndKept() async throws {
        try await Self.withRig { rig in
            let made = try await Self.serverTransaction(rig, "Supprimé ailleurs", 9)
            try await rig.app.network.client.deleteTransaction(id: made.id)
            let id = try #require(await Self.store(rig, .patchTransaction(id: made.id, TransactionChanges(amount: 10)),
                                                   label: made.name, previousAmount: 9))
            let after = try await Self.serverTransaction(rig, "Après le refus", 3)
            let next = try #require(await Self.store(rig, .setTransactionChecked(id: after.id, checked: true, at: Date()),
                                                     label: after.name))
            let report = await rig.outbox.sync { _ in }
            #expect(report.refused == [id], "\(report)")
            #expect(report.sent == [next], "the sync goes on past a refusal")
            let kept = await rig.outbox.snapshot().changes
            #expect(kept.map(\.id) == [id], "kept for the user")
            #expect(kept.first?.state == .refused(reason: .gone))
            #expect(await Self.isGone { _ = try await rig.app.network.client.transaction(id: made.id) },
                    "never re-created")
            // Sent again: still refused, still kept, still not re-created.
            let again = await rig.outbox.sync { _ in }
            #expect(again.sent.isEmpty && again.refused.isEmpty, "a refused operation is not sent again: \(again)")
            #expect(await rig.outbox.snapshot().changes.map(\.id) == [id])
            #expect(await rig.outbox.remove(id: id) == .removed)
        }
    }

    @Test func aDeleteRemovesItAndADeleteOfWhatIsGoneIsDone() async throws {
        try await Self.withRig { rig in
            let made = try await Self.serverTransaction(rig, "À supprimer", 5)
            let id = try #require(await Self.store(rig, .deleteTransaction(id: made.id), label: made.name))
            let report = await rig.outbox.sync { _ in }
            #expect(report.sent == [id], "\(report)")
            #expect(await Self.isGone { _ = try await rig.app.network.client.transaction(id: made.id) })
            #expect(try await rig.onServer("À supprimer").isEmpty)

            // Deleted on another device first: the delete is done all the same.
            let gone = try await Self.serverTransaction(rig, "Déjà supprimé", 6)
            try await rig.app.network.client.deleteTransaction(id: gone.id)
            let second = try #require(await Self.store(rig, .deleteTransaction(id: gone.id), label: gone.name))
            let again = await rig.outbox.sync { _ in }
            #expect(again.sent == [second] && again.refused.isEmpty && again.remaining == 0, "\(again)")
            let left = await rig.outbox.snapshot()
            #expect(left.changes.isEmpty && left.items.isEmpty, "the outbox is empty")
        }
    }

    @Test func aDeleteOfAnExpenseThatNeverLeftSendsNothing() async throws {
        try await Self.withRig { rig in
            let stored = try #require(try? await rig.outbox.store(rig.draft("Jamais parti", 4)).get())
            #expect(await Self.store(rig, .deleteTransaction(id: stored.id), label: "Jamais parti") == nil)
            let left = await rig.outbox.snapshot()
            #expect(left.items.isEmpty && left.changes.isEmpty)
            let report = await rig.outbox.sync { _ in }
            #expect(report.sent.isEmpty && report.remaining == 0)
            #expect(try await rig.onServer("Jamais parti").isEmpty)
        }
    }

    // MARK: Prévisions

    @Test func aReplayedBudgetLineCreateIsThereOnce() async throws {
        try await Self.withRig { rig in
            let line = NewBudgetLine(id: UUID().uuidString.lowercased(), budgetId: rig.budget.id, name: "Vacances d'hiver",
                                     amount: 80, kind: .expense)
            // The first send reached the server; its answer was lost.
            try await rig.app.network.client.createBudgetLine(line)
            let id = try #require(await Self.store(rig, .createBudgetLine(line), label: line.name))
            let report = await rig.outbox.sync { _ in }
            #expect(report.sent == [id] && report.refused.isEmpty, "409 already exists is done: \(report)")
            let held = try await Self.lines(rig).filter { $0.name == "Vacances d'hiver" }
            #expect(held.map(\.id) == [line.id], "one line on the server")
            #expect(held.first?.amount == 80)
            #expect(await rig.outbox.snapshot().changes.isEmpty)
        }
    }

    @Test func aBudgetLineCreatedOfflineThenAnExpenseOnItGoInOrder() async throws {
        try await Self.withRig { rig in
            let line = NewBudgetLine(id: UUID().uuidString.lowercased(), budgetId: rig.budget.id, name: "Cadeaux", amount: 150,
                                     kind: .expense)
            let lineId = try #require(await Self.store(rig, .createBudgetLine(line), label: line.name))
            var draft = rig.draft("Livre pour Léa", 32)
            draft.budgetLineId = line.id
            let expense = try #require(try? await rig.outbox.store(draft).get())
            let report = await rig.outbox.sync { _ in }
            #expect(report.sent == [lineId, expense.id], "\(report)")
            let sent = try await rig.app.network.client.transaction(id: expense.id)
            #expect(sent.budgetLineId == line.id)
            #expect(try await Self.lines(rig).filter { $0.id == line.id }.count == 1)
        }
    }

    @Test func aBudgetLinePatchMarksItManuallyAdjusted() async throws {
        try await Self.withRig { rig in
            let line = NewBudgetLine(id: UUID().uuidString.lowercased(), budgetId: rig.budget.id, name: "Essence", amount: 120,
                                     kind: .expense)
            try await rig.app.network.client.createBudgetLine(line)
            #expect(try await rig.app.network.client.budgetLine(id: line.id).isManuallyAdjusted == false)
            let id = try #require(await Self.store(rig, .patchBudgetLine(id: line.id, BudgetLineChanges(amount: Decimal(string: "135.5")!)),
                                                   label: line.name, previousAmount: 120))
            let report = await rig.outbox.sync { _ in }
            #expect(report.sent == [id], "\(report)")
            let after = try await rig.app.network.client.budgetLine(id: line.id)
            #expect(after.amount == Decimal(string: "135.5"))
            #expect(after.isManuallyAdjusted, "the patch always says isManuallyAdjusted: true")
            #expect(after.name == "Essence")

            // A demo line from the template too.
            let templated = try #require(try await Self.lines(rig).first { $0.templateLineId != nil && !$0.isManuallyAdjusted })
            await Self.store(rig, .patchBudgetLine(id: templated.id, BudgetLineChanges(name: templated.name + " (ajusté)")),
                             label: templated.name)
            _ = await rig.outbox.sync { _ in }
            let adjusted = try await rig.app.network.client.budgetLine(id: templated.id)
            #expect(adjusted.isManuallyAdjusted && adjusted.name == templated.name + " (ajusté)" && adjusted.amount == templated.amount)
        }
    }

    /// A prévision's whole edit (§15.5): its kind and recurrence reach the server too.
    @Test func aBudgetLinePatchCarriesItsKindAndRecurrence() async throws {
        try await Self.withRig { rig in
            let line = NewBudgetLine(id: UUID().uuidString.lowercased(), budgetId: rig.budget.id, name: "Vacances", amount: 300,
                                     kind: .expense)
            try await rig.app.network.client.createBudgetLine(line)
            let id = try #require(await Self.store(rig, .patchBudgetLine(id: line.id, BudgetLineChanges(kind: .saving, recurrence: .fixed)),
                                                   label: line.name))
            let report = await rig.outbox.sync { _ in }
            #expect(report.sent == [id], "\(report)")
            let after = try await rig.app.network.client.budgetLine(id: line.id)
            #expect(after.kind == .saving && after.recurrence == .fixed && after.amount == 300 && after.name == "Vacances")
        }
    }

    @Test func aBudgetLineDeleteFreesItsTransactions() async throws {
        try await Self.withRig { rig in
            let line = NewBudgetLine(id: UUID().uuidString.lowercased(), budgetId: rig.budget.id, name: "Sorties", amount: 200,
                                     kind: .expense)
            try await rig.app.network.client.createBudgetLine(line)
            let first = try await Self.serverTransaction(rig, "Cinéma", 18, budgetLineId: line.id)
            let second = try await Self.serverTransaction(rig, "Concert", 60, budgetLineId: line.id)
            #expect(first.budgetLineId == line.id && second.budgetLineId == line.id)
            let id = try #require(await Self.store(rig, .deleteBudgetLine(id: line.id), label: line.name))
            let report = await rig.outbox.sync { _ in }
            #expect(report.sent == [id], "\(report)")
            #expect(await Self.isGone { _ = try await rig.app.network.client.budgetLine(id: line.id) })
            for transaction in [first, second] {
                let after = try await rig.app.network.client.transaction(id: transaction.id)
                #expect(after.budgetLineId == nil, "\(transaction.name) stays, free")
                #expect(after.amount == transaction.amount)
            }
            // Deleted again (a replay): done, nothing refused.
            await Self.store(rig, .deleteBudgetLine(id: line.id), label: line.name)
            let again = await rig.outbox.sync { _ in }
            #expect(again.refused.isEmpty && again.remaining == 0, "\(again)")
        }
    }

    // MARK: A create that may already be on the server

    // Folded into a create whose earlier send may have reached the server (`sends` > 0: released
    // after a timeout, or left by a dead process), an edit was lost to the replay's 409 and a
    // delete cancelled both, leaving the expense on the server; such a create now counts as in
    // flight (OutboxStore+Items.swift) and what follows is queued behind it.

    /// An expense whose first send reached the server but whose answer was lost (a timeout: the
    /// engine releases it, `sends` 1), as `NetworkOutbox` leaves it.
    static func sentButUnconfirmed(_ rig: Rig, _ name: String, _ amount: Decimal) async throws -> PendingExpense {
        let stored = try #require(try? await rig.outbox.store(rig.draft(name, amount)).get())
        let body = stored.draft.newTransaction(id: stored.id, timeZone: .system).stamped(at: Date(), in: .system)
        _ = try await rig.app.network.client.createTransaction(body)
        let store = try #require(rig.app.outbox)
        let scope = try #require(await rig.app.network.sessions.sessionInfo.map {
            CacheScope(serverKey: rig.app.configuration.sessionKey, userId: $0.userId)
        })
        #expect(try store.claimNext(scope: scope, owner: "timed-out", at: Date(), claimTimeout: 90)?.id == stored.id)
        try store.release(id: stored.id, owner: "timed-out", notBefore: nil)
        #expect(try store.items(scope: scope).first?.sends == 1)
        return stored
    }

    @Test func anEditOfACreateThatMayHaveLeftStillReachesTheServer() async throws {
        try await Self.withRig { rig in
            let stored = try await Self.sentButUnconfirmed(rig, "Réponse perdue", 7)
            await Self.store(rig, .patchTransaction(id: stored.id, TransactionChanges(amount: 54)), label: "Réponse perdue",
                             previousAmount: 7)
            let report = await rig.outbox.sync { _ in }
            #expect(report.refused.isEmpty && report.remaining == 0, "\(report)")
            let held = try await rig.onServer("Réponse perdue")
            #expect(held.count == 1, "created once")
            #expect(held.map(\.amount) == [54], "the edit is what the user meant")
        }
    }

    @Test func aDeleteOfACreateThatMayHaveLeftStillReachesTheServer() async throws {
        try await Self.withRig { rig in
            let stored = try await Self.sentButUnconfirmed(rig, "Supprimée hors ligne", 7)
            await Self.store(rig, .deleteTransaction(id: stored.id), label: "Supprimée hors ligne")
            let report = await rig.outbox.sync { _ in }
            #expect(report.refused.isEmpty && report.remaining == 0, "\(report)")
            let held = try await rig.onServer("Supprimée hors ligne")
            #expect(held.isEmpty, "the user deleted it")
        }
    }
}
