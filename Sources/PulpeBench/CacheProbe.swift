import Foundation
import PulpeDomain
import PulpeStore
import PulpeTestSupport

/// The cache's side of « exec → cached month painted », inside the process: opening the SQLite
/// file, then reading back (and decoding) a month of `transactions` rows, as a fresh start does.
enum CacheProbe {
    static func measure(transactions: Int, runs: Int, into samples: inout SampleSet) throws {
        let directory = try TemporaryDirectory(prefix: "pulpe-bench-cache")
        defer { directory.remove() }
        let path = directory.path + "/cache.sqlite"
        let details = SyntheticMonth.details(transactions: transactions)
        let scope = CacheScope(serverKey: "bench", userId: "bench")
        let month = SyntheticMonth.month
        let saveStart = Monotonic.now()
        CacheStore.open(at: path).saveMonth(details, month: month, scope: scope, fetchedAt: Date())
        samples.add("cache", "save a \(transactions)-transaction month", "ms", Monotonic.milliseconds(from: saveStart))
        let againStart = Monotonic.now()
        CacheStore.open(at: path).saveMonth(details, month: month, scope: scope, fetchedAt: Date())
        samples.add("cache", "save it again unchanged (a refresh)", "ms", Monotonic.milliseconds(from: againStart))
        for _ in 0..<runs {
            let start = Monotonic.now()
            let store = CacheStore.open(at: path)
            samples.add("cache", "open the cache file", "ms", Monotonic.milliseconds(from: start))
            let readStart = Monotonic.now()
            guard case .budget(let read)? = store.month(month, scope: scope)?.value, read.transactions.count == transactions else {
                throw RunFailure(description: "the cached month did not come back whole")
            }
            samples.add("cache", "read a \(transactions)-transaction month", "ms", Monotonic.milliseconds(from: readStart))
        }
    }
}
