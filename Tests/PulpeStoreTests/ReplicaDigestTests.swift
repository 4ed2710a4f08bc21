import Foundation
import PulpeDomain
import Testing
@testable import PulpeStore

/// The replica's digest (decision 117) names a whole replica: a month dropped from the cache
/// (unreadable) clears it, so the next read of the account is not skipped as unchanged.
@Suite struct ReplicaDigestTests {
    @Test func aDroppedMonthClearsTheDigest() throws {
        let store = CacheStore.inMemory()
        var random = CacheSearchTests.Seeded(state: 3)
        store.saveMonth(CacheSearchTests.month(Fixtures.november, count: 5, random: &random), month: Fixtures.november, scope: Fixtures.ana,
                        fetchedAt: Fixtures.t0)
        store.saveReplica(ReplicaRecord(months: 1, digest: "abc"), scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        let kept = try #require(store.month(Fixtures.november, scope: Fixtures.ana))
        store.deleteEntry(key: .month(Fixtures.november), scope: Fixtures.ana, ifFetchedAt: kept.fetchedAt)
        #expect(store.replica(scope: Fixtures.ana)?.value.digest == nil)
        #expect(store.replica(scope: Fixtures.ana)?.value.months == 1)
    }
}
