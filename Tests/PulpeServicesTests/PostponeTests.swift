import Foundation
import PulpeCore
import PulpeDomain
import PulpeNetworking
import PulpeStore
import Testing
@testable import PulpeServices

/// « Reporter au mois suivant » through the outbox against the in-process sandbox (decision 84,
/// `pulpe-api.md` §15.3): the server moves the item again on every call, so the outbox stores the
/// intent « move it from budget S » and reads the item before each send.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct PostponeTests {
    typealias Rig = SyncEngineTests.Rig

    static let november = BudgetMonth(year: 2026, month: 11)
    /// 20 November 2026, noon UTC.
    static let day = Date(timeIntervalSince1970: 1_795_176_000)

    /// December's budget, created from the first template when the demo has none.
    static func december(_ rig: Rig) async throws -> String {
        let client = rig.app.network.client
        let budgets = try await client.budgetSummaries(fields: [.month, .year], year: 2026, limit: 12)
        if let december = budgets.first(where: { $0.month == 12 }) { return december.id }
        let template = try #require(try await client.budgetTemplates().first)
        return try await client.createBudget(NewBudget(month: 12, year: 2026, templateId: template.id)).id
    }

    /// A free, unchecked transaction of November, on the server.
    static func freeTransaction(_ rig: Rig, _ name: String) async throws -> String {
        let id = UUID().uuidString.lowercased()
        _ = try await rig.app.network.client.createTransaction(NewTransaction(id: id, budgetId: rig.budget.id, name: name, amount: 12,
                                                                              kind: .expense, transactionDate: day))
        return id
    }

    static func store(_ operation: WriteOperation, _ rig: Rig) async throws {
        let draft = ChangeDraft(operation: operation, month: november, label: "À reporter")
        guard case .success = await rig.outbox.store(change: draft) else { throw Stop.notStored }
    }

    enum Stop: Error { case notStored }

    @Test func aPostponeWhoseAnswerWasLostMovesTheItemExactlyOneMonth() async throws {
        let rig = try await Rig.start()
        let december = try await Self.december(rig)
        let id = try await Self.freeTransaction(rig, "Report perdu")
        // Both months cached, as the TUI holds the shown month and the next one.
        _ = await rig.app.services.budgets.fetchMonth(Self.november)
        _ = await rig.app.services.budgets.fetchMonth(Self.november.next)
        try await Self.store(.postponeTransaction(id: id, fromBudget: rig.budget.id), rig)
        // The send reaches the server, and its process dies before recording it.
        let store = try #require(rig.app.outbox)
        let scope = try #require(await rig.app.network.sessions.sessionInfo.map {
            CacheScope(serverKey: rig.app.configuration.sessionKey, userId: $0.userId)
        })
        let dead = "\(ProcessInfo.processInfo.hostName)/999999/deadbeef"
        let item = try #require(try store.claimNext(scope: scope, owner: dead, at: Date(), claimTimeout: NetworkOutbox.claimTimeout,
                                                    isOwnerAlive: OutboxOwner.isAlive))
        try await OperationSender(client: rig.app.network.client).send(item.operation)
        // The replay reads it first: in December already, it is done — not moved to January.
        let report = await rig.outbox.sync { _ in }
        #expect(report.remaining == 0 && report.refused.isEmpty, "\(report)")
        let moved = try await rig.app.network.client.transaction(id: id)
        #expect(moved.budgetId == december)
        #expect(moved.transactionDate == Self.day.addingTimeInterval(30 * 86_400), "20 December, once")
        #expect(await rig.outbox.snapshot().changes.isEmpty)
        // The cached copies follow without a fetch: gone from November, in December once.
        let cachedNovember = try #require(await rig.app.services.budgets.cachedMonth(Self.november)?.value)
        let cachedDecember = try #require(await rig.app.services.budgets.cachedMonth(Self.november.next)?.value)
        guard case let .budget(left) = cachedNovember, case let .budget(arrived) = cachedDecember else {
            Issue.record("no budgets cached")
            return
        }
        #expect(!left.transactions.contains { $0.id == id })
        #expect(arrived.transactions.filter { $0.id == id }.map(\.transactionDate) == [moved.transactionDate])
        await rig.stop()
    }

    @Test func aPrevisionOneOffMovesWithItsTemplateLinkDropped() async throws {
        let rig = try await Rig.start()
        let december = try await Self.december(rig)
        let lineId = UUID().uuidString.lowercased()
        try await rig.app.network.client.createBudgetLine(NewBudgetLine(id: lineId, budgetId: rig.budget.id, name: "Cadeau", amount: 80,
                                                                        kind: .expense))
        try await Self.store(.postponeBudgetLine(id: lineId, fromBudget: rig.budget.id), rig)
        let report = await rig.outbox.sync { _ in }
        #expect(report.remaining == 0 && report.refused.isEmpty, "\(report)")
        let moved = try await rig.app.network.client.budgetLine(id: lineId)
        #expect(moved.budgetId == december)
        #expect(moved.isManuallyAdjusted)
        await rig.stop()
    }

    /// What the server refuses is kept with its reason (never moved blindly): a checked
    /// transaction answers 409 `ERR_TRANSACTION_ALREADY_CHECKED`.
    @Test func aRefusalIsKeptWithItsReason() async throws {
        let rig = try await Rig.start()
        _ = try await Self.december(rig)
        let id = try await Self.freeTransaction(rig, "Déjà pointée")
        _ = try await rig.app.network.client.toggleCheck(transactionId: id)
        try await Self.store(.postponeTransaction(id: id, fromBudget: rig.budget.id), rig)
        let report = await rig.outbox.sync { _ in }
        #expect(report.refused.count == 1, "\(report)")
        let refused = try #require(await rig.outbox.snapshot().changes.first)
        #expect(refused.state == .refused(reason: .postpone(.alreadyChecked)), "\(refused.state)")
        #expect(try await rig.app.network.client.transaction(id: id).budgetId == rig.budget.id)
        await rig.stop()
    }

    /// The month after has no budget: 409 `ERR_TARGET_BUDGET_NOT_FOUND`, said so.
    @Test func noNextMonthIsSaid() async throws {
        let rig = try await Rig.start()
        let client = rig.app.network.client
        // The account's last month: the one after it has no budget.
        var budgets = try await client.budgetSummaries(fields: [.month, .year], year: 2026, limit: 12)
        budgets += try await client.budgetSummaries(fields: [.month, .year], year: 2027, limit: 12)
        let last = try #require(budgets.max { ($0.year ?? 0, $0.month ?? 0) < ($1.year ?? 0, $1.month ?? 0) })
        let month = BudgetMonth(year: try #require(last.year), month: try #require(last.month))
        let id = UUID().uuidString.lowercased()
        _ = try await client.createTransaction(NewTransaction(id: id, budgetId: last.id, name: "Sans suite", amount: 12, kind: .expense,
                                                              transactionDate: Self.day))
        let draft = ChangeDraft(operation: .postponeTransaction(id: id, fromBudget: last.id),
                                month: month, label: "Sans suite")
        guard case .success = await rig.outbox.store(change: draft) else { throw Stop.notStored }
        _ = await rig.outbox.sync { _ in }
        let refused = try #require(await rig.outbox.snapshot().changes.first)
        #expect(refused.state == .refused(reason: .postpone(.nextMonthMissing)), "\(refused.state)")
        await rig.stop()
    }
}
