import Foundation
import PulpeCore
import PulpeDomain
import PulpeNetworking
import Testing
@testable import PulpeServices

/// « Planifier N mois » through the outbox (decision 84, `POST /budgets/generate`): the months that
/// exist are skipped by the server, and a resend after a lost answer creates nothing twice.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct PlanAheadTests {
    typealias Rig = SyncEngineTests.Rig

    static func months(_ rig: Rig, year: Int) async throws -> [Int] {
        try await rig.app.network.client.budgetSummaries(fields: [.month, .year], year: year, limit: 12).compactMap(\.month).sorted()
    }

    @Test func threeMonthsFromNovemberSkipTheOnesThatExistAndAResendChangesNothing() async throws {
        let rig = try await Rig.start()
        let client = rig.app.network.client
        let template = try #require(try await client.budgetTemplates().first)
        let before2027 = try await Self.months(rig, year: 2027)
        let november = BudgetMonth(year: 2026, month: 11)
        // November exists; December and January may: each month once, whatever existed.
        let operation = WriteOperation.generateBudgets(templateId: template.id, from: november, count: 4)
        guard case .success = await rig.outbox.store(change: ChangeDraft(operation: operation, month: november, label: template.name))
        else { throw Stop.notStored }
        let report = await rig.outbox.sync { _ in }
        #expect(report.remaining == 0 && report.refused.isEmpty, "\(report)")
        #expect(try await Self.months(rig, year: 2026).suffix(2) == [11, 12])
        #expect(try await Self.months(rig, year: 2027) == Array(Set(before2027 + [1, 2])).sorted())
        // The answer lost and the request sent again: nothing doubled.
        try await OperationSender(client: client).send(operation)
        #expect(try await Self.months(rig, year: 2027) == Array(Set(before2027 + [1, 2])).sorted())
        await rig.stop()
    }

    enum Stop: Error { case notStored }
}
