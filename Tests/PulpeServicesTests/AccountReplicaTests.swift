import Foundation
import Logging
import PulpeCore
import PulpeDomain
import PulpeNetworking
import PulpeSandbox
import PulpeStore
import Testing
@testable import PulpeServices

/// The account replica against the real sandbox over loopback (decision 81): one read keeps every
/// month as the server has it; a month the account does not hold reads as « no budget »; a read
/// that fails (500, dropped, a stale key's zeros) leaves every month as it was.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct AccountReplicaTests {
    typealias Rig = StaleKeyServicesTests.Rig

    /// Signed in with the PIN through the services, nothing cached yet.
    func signedIn(_ rig: Rig) async throws -> AppServices {
        let app = try await rig.client(.everyStart)
        guard case .signedIn = await app.services.sessions.logIn(email: DemoAccount.email, password: DemoAccount.password) else {
            throw CancellationError()
        }
        #expect(await app.services.sessions.unlock(pin: DemoAccount.pin) == .unlocked)
        return app
    }

    @Test func oneReadKeepsEveryMonthTheYearsAndTheTemplates() async throws {
        let rig = try await Rig.start()
        let app = try await signedIn(rig)
        let budgets = app.services.budgets
        #expect(await budgets.replicaStatus() == nil)
        guard case let .synced(status) = await budgets.syncAccount() else { Issue.record("not synced"); return }
        let kept = await budgets.cachedAccount()
        #expect(status.months == kept.count && kept.count >= 12, "\(status) \(kept.count)")
        let recorded = await budgets.replicaStatus()
        #expect(recorded?.months == status.months && abs((recorded?.at ?? .distantPast).timeIntervalSince(status.at)) < 0.01)
        // Each month as `/details` has it (the rows, the lines, the rollover).
        for details in kept.prefix(3) + kept.suffix(2) {
            guard case let .fetched(fresh) = await budgets.fetchMonth(details.budget.budgetMonth),
                  case let .budget(server) = fresh.value else { Issue.record("no \(details.budget.budgetMonth)"); continue }
            #expect(Set(server.transactions) == Set(details.transactions), "\(details.budget.budgetMonth)")
            #expect(server.budgetLines == details.budgetLines && server.totals == details.totals)
        }
        // The years it spans, and the templates, are there for the offline panels and `budget create`.
        let years = Set(kept.map(\.budget.year))
        for year in years { #expect(await budgets.cachedYear(year)?.value.count == kept.filter { $0.budget.year == year }.count) }
        #expect(await budgets.templatePreviews(askServer: false)?.isEmpty == false)
        // A month the account does not hold: no budget, as of the read.
        let absent = BudgetMonth(year: (years.max() ?? 2026) + 2, month: 4)
        #expect(await budgets.cachedMonth(absent)?.value == MonthContent.noBudget)
        await app.stop()
        await rig.stop()
    }

    /// The export's body differs at every call only by its `exportDate` (as the real backend's):
    /// a read equal otherwise decodes and writes nothing — every month keeps the time it was
    /// written — and a change is read and kept as before.
    @Test func anUnchangedAccountIsNeitherDecodedNorWritten() async throws {
        let rig = try await Rig.start()
        let app = try await signedIn(rig)
        let budgets = app.services.budgets
        guard case .synced = await budgets.syncAccount() else { Issue.record("not synced"); return }
        let months = await budgets.cachedAccount()
        let november = try #require(months.first { $0.budget.month == 11 && $0.budget.year == 2026 })
        let written = await budgets.cachedMonth(november.budget.budgetMonth)?.fetchedAt
        try await Task.sleep(for: .milliseconds(20))
        guard case let .synced(again) = await budgets.syncAccount() else { Issue.record("not synced"); return }
        #expect(again.months == months.count)
        #expect(await budgets.cachedMonth(november.budget.budgetMonth)?.fetchedAt == written, "not written again")
        #expect(await budgets.cachedAccount() == months)
        _ = try await rig.sandbox.seeding.addBudgetLine(budgetId: november.budget.id, name: "Cadeaux", amount: 120, kind: .expense)
        guard case .synced = await budgets.syncAccount() else { Issue.record("not synced"); return }
        #expect(await budgets.cachedMonth(november.budget.budgetMonth)?.fetchedAt != written)
        #expect(await budgets.cachedAccount().first { $0.budget.id == november.budget.id }?.budgetLines.contains { $0.name == "Cadeaux" } == true)
        await app.stop()
        await rig.stop()
    }

    /// A month read again with the ETag of the copy kept (issue 61): the sandbox answers 304 as
    /// Express does, and the month's rows are not written (its stamp stays) while its read time
    /// moves; changed on the server, it is read and kept again.
    @Test func aMonthUnchangedOnTheServerIsAnswered304AndNoRowIsWritten() async throws {
        let rig = try await Rig.start()
        let app = try await signedIn(rig)
        let budgets = try #require(app.services.budgets as? NetworkBudgets)
        let november = BudgetMonth(year: 2026, month: 11)
        guard case .fetched = await budgets.fetchMonth(november) else { Issue.record("not read"); return }
        let scope = try #require(await budgets.context.cacheScope())
        #expect(budgets.cache.monthETag(november, scope: scope)?.hasPrefix("W/\"") == true)
        let stamp = budgets.cache.monthStamp(november, scope: scope)
        let first = await budgets.cachedMonth(november)?.fetchedAt
        try await Task.sleep(for: .milliseconds(20))
        guard case let .fetched(again) = await budgets.fetchMonth(november), case let .budget(kept) = again.value else {
            Issue.record("not read"); return
        }
        #expect(budgets.cache.monthStamp(november, scope: scope) == stamp, "no row written")
        #expect(await budgets.cachedMonth(november)?.fetchedAt != first, "its read time moved")
        #expect(kept.transactions.count > 0)
        _ = try await rig.sandbox.seeding.addBudgetLine(budgetId: kept.budget.id, name: "Cadeaux", amount: 120, kind: .expense)
        guard case let .fetched(changed) = await budgets.fetchMonth(november), case let .budget(read) = changed.value else {
            Issue.record("not read"); return
        }
        #expect(read.budgetLines.contains { $0.name == "Cadeaux" })
        #expect(budgets.cache.monthStamp(november, scope: scope) != stamp)
        await app.stop()
        await rig.stop()
    }

    @Test(arguments: [FaultKind.internalError, .drop])
    func aFailedReadKeepsEveryMonthAsItWas(_ fault: FaultKind) async throws {
        let rig = try await Rig.start()
        let app = try await signedIn(rig)
        let budgets = app.services.budgets
        guard case .synced = await budgets.syncAccount() else { Issue.record("not synced"); return }
        let before = await budgets.cachedAccount()
        // The server changes, then fails every request: nothing of the change and nothing half.
        let november = try #require(before.first { $0.budget.month == 11 && $0.budget.year == 2026 })
        _ = try await rig.sandbox.seeding.addBudgetLine(budgetId: november.budget.id, name: "Cadeaux", amount: 120, kind: .expense)
        rig.sandbox.setFaults(FaultSettings(rate: 1, kinds: [fault]))
        guard case .failed = await budgets.syncAccount() else { Issue.record("a failed read said synced"); return }
        #expect(await budgets.cachedAccount() == before)
        rig.sandbox.setFaults(.none)
        guard case .synced = await budgets.syncAccount() else { Issue.record("not synced"); return }
        let after = await budgets.cachedAccount()
        #expect(after.first { $0.budget.id == november.budget.id }?.budgetLines.contains { $0.name == "Cadeaux" } == true)
        await app.stop()
        await rig.stop()
    }

    @Test func aStaleKeysZerosAreNeverKept() async throws {
        let rig = try await Rig.start()
        let app = try await signedIn(rig)
        let budgets = app.services.budgets
        guard case .synced = await budgets.syncAccount() else { Issue.record("not synced"); return }
        let before = await budgets.cachedAccount()
        _ = try await rig.sandbox.seeding.changePin(email: DemoAccount.email, pin: "5678")
        #expect(await budgets.syncAccount() == .failed(.keyChanged))
        #expect(await budgets.cachedAccount() == before)
        await app.stop()
        await rig.stop()
    }
}
