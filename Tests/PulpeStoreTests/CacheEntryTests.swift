import Foundation
import PulpeDomain
import Testing
@testable import PulpeStore

@Suite struct CacheEntryTests {
    @Test func settingsRoundTripKeepsFetchedAt() throws {
        let store = CacheStore.inMemory()
        let settings = UserSettings(payDayOfMonth: 25, currency: .eur, showCurrencySelector: true)
        store.saveSettings(settings, scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        let cached = try #require(store.settings(scope: Fixtures.ana))
        #expect(cached.value == settings)
        #expect(cached.fetchedAt == Fixtures.fetched)
        #expect(cached.age(at: Fixtures.fetched.addingTimeInterval(90)) == 90)
        #expect(cached.age(at: Fixtures.fetched.addingTimeInterval(-5)) == 0)
    }

    @Test func monthRoundTripKeepsDecimalsExact() throws {
        let store = CacheStore.inMemory()
        let details = Fixtures.details(transactionCount: 6)
        store.saveMonth(details, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        let cached = try #require(store.month(Fixtures.november, scope: Fixtures.ana))
        let back = try #require(cached.value.details)
        #expect(back == details)
        #expect(back.transactions.map(\.amount).prefix(3) == [Fixtures.amount("1234.56"), Fixtures.amount("0.1"),
                                                              Fixtures.amount("0.2")])
        #expect(back.transactions[1].amount + back.transactions[2].amount == Fixtures.amount("0.3"))
        #expect(back.budget.rollover == Fixtures.amount("1234.56"))
        #expect(back.totals == details.totals)
        #expect(cached.fetchedAt == Fixtures.fetched)
    }

    @Test func noBudgetRoundTrip() throws {
        let store = CacheStore.inMemory()
        store.saveMonth(nil, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        let cached = try #require(store.month(Fixtures.november, scope: Fixtures.ana))
        #expect(cached == Cached(value: MonthEntry.noBudget, fetchedAt: Fixtures.fetched))
        #expect(store.month(Fixtures.november.next, scope: Fixtures.ana) == nil)
    }

    @Test func yearListRoundTrip() throws {
        let store = CacheStore.inMemory()
        store.saveYear(Fixtures.yearList, year: 2026, scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        let cached = try #require(store.year(2026, scope: Fixtures.ana))
        #expect(cached.value == Fixtures.yearList)
        #expect(cached.value[1].remaining == Fixtures.amount("-1234.56"))
        #expect(cached.fetchedAt == Fixtures.fetched)
        #expect(store.year(2025, scope: Fixtures.ana) == nil)
    }

    @Test func overwriteReplacesValueAndTime() throws {
        let store = CacheStore.inMemory()
        let later = Fixtures.fetched.addingTimeInterval(3600)
        store.saveMonth(Fixtures.details(), month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        store.saveMonth(nil, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: later)
        #expect(store.month(Fixtures.november, scope: Fixtures.ana) == Cached(value: .noBudget, fetchedAt: later))

        store.saveYear(Fixtures.yearList, year: 2026, scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        store.saveYear([], year: 2026, scope: Fixtures.ana, fetchedAt: later)
        #expect(store.year(2026, scope: Fixtures.ana) == Cached(value: [], fetchedAt: later))

        store.saveSettings(UserSettings(payDayOfMonth: 1), scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        store.saveSettings(UserSettings(payDayOfMonth: nil), scope: Fixtures.ana, fetchedAt: later)
        #expect(store.settings(scope: Fixtures.ana) == Cached(value: UserSettings(payDayOfMonth: nil), fetchedAt: later))
    }

    @Test func scopesNeverMix() throws {
        let store = CacheStore.inMemory()
        let anaDetails = Fixtures.details(transactionCount: 2)
        store.saveMonth(anaDetails, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        store.saveSettings(UserSettings(payDayOfMonth: 25), scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        store.saveMonth(nil, month: Fixtures.november, scope: Fixtures.ben, fetchedAt: Fixtures.t0)
        store.saveYear(Fixtures.yearList, year: 2026, scope: Fixtures.anaOnSandbox, fetchedAt: Fixtures.t0)

        #expect(store.month(Fixtures.november, scope: Fixtures.ana)?.value == .budget(anaDetails))
        #expect(store.month(Fixtures.november, scope: Fixtures.ben)?.value == .noBudget)
        #expect(store.month(Fixtures.november, scope: Fixtures.anaOnSandbox) == nil)
        #expect(store.settings(scope: Fixtures.ben) == nil)
        #expect(store.settings(scope: Fixtures.anaOnSandbox) == nil)
        #expect(store.year(2026, scope: Fixtures.ana) == nil)
        #expect(store.year(2026, scope: Fixtures.anaOnSandbox)?.value == Fixtures.yearList)

        store.clear(scope: Fixtures.ana)
        #expect(!store.hasAnyData(scope: Fixtures.ana))
        #expect(store.month(Fixtures.november, scope: Fixtures.ana) == nil)
        #expect(store.hasAnyData(scope: Fixtures.ben))
        #expect(store.hasAnyData(scope: Fixtures.anaOnSandbox))
    }

    @Test func hasAnyDataCountsEveryKindOfEntry() {
        let store = CacheStore.inMemory()
        #expect(!store.hasAnyData(scope: Fixtures.ana))
        store.saveMonth(nil, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        #expect(store.hasAnyData(scope: Fixtures.ana))
        #expect(!store.hasAnyData(scope: Fixtures.ben))
    }

    @Test func unreadableRowIsAMissReportedAndDropped() throws {
        let problems = ProblemLog()
        let store = CacheStore.inMemory(onProblem: problems.handler)
        // What an older or newer pulpe might have left: JSON, but not a BudgetDetails.
        store.writeEntry(Data(#"{"budget":{"id":42}}"#.utf8), key: .month(Fixtures.november), scope: Fixtures.ana,
                         fetchedAt: Fixtures.t0)
        store.writeEntry(Data("not json".utf8), key: .year(2026), scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        store.writeEntry(nil, key: .settings, scope: Fixtures.ana, fetchedAt: Fixtures.t0)

        #expect(store.month(Fixtures.november, scope: Fixtures.ana) == nil)
        #expect(store.year(2026, scope: Fixtures.ana) == nil)
        #expect(store.settings(scope: Fixtures.ana) == nil)
        let lines = problems.all
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.hasPrefix("cache: dropped unreadable ") })
        #expect(lines.first?.contains("month 2026-11") == true)

        // Dropped: the next read is a plain miss, with nothing more to report.
        #expect(store.readEntry(key: .month(Fixtures.november), scope: Fixtures.ana) == nil)
        #expect(!store.hasAnyData(scope: Fixtures.ana))
        #expect(store.month(Fixtures.november, scope: Fixtures.ana) == nil)
        #expect(problems.all.count == 3)
    }

    @Test func dropKeepsAnEntryRewrittenSinceTheRead() throws {
        let store = CacheStore.inMemory()
        store.saveMonth(nil, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.fetched)
        store.deleteEntry(key: .month(Fixtures.november), scope: Fixtures.ana, ifFetchedAt: Fixtures.t0)
        #expect(store.month(Fixtures.november, scope: Fixtures.ana)?.value == .noBudget)
    }
}
