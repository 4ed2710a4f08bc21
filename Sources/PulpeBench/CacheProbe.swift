import Foundation
import PulpeDomain
import PulpeStore
import PulpeTestSupport

/// The cache's side of « exec → cached month painted », inside the process: opening the SQLite
/// file, then reading back (and decoding) a month of `transactions` rows, as a fresh start does;
/// and its writes: a whole month, then the server's copy with one check changed (only that row is
/// written: `MonthRowsPlan`), unchanged, and changed from a store that has not seen the rows; and
/// the month read again by the store that saved it (its rows not read again: `RememberedMonths`).
enum CacheProbe {
    static func measure(transactions: Int, runs: Int, into samples: inout SampleSet) throws {
        guard transactions > 0 else { throw RunFailure(description: "the cache probe needs at least one transaction") }
        let directory = try TemporaryDirectory(prefix: "pulpe-bench-cache")
        defer { directory.remove() }
        let path = directory.path + "/cache.sqlite"
        let details = SyntheticMonth.details(transactions: transactions)
        let scope = CacheScope(serverKey: "bench", userId: "bench")
        let month = SyntheticMonth.month
        let saveStart = Monotonic.now()
        CacheStore.open(at: path).saveMonth(details, month: month, scope: scope, fetchedAt: Date())
        samples.add("cache", "save a \(transactions)-transaction month", "ms", Monotonic.milliseconds(from: saveStart))
        // As the app does at its next start: the cached month read (and painted), then the server's
        // answer saved — with one transaction checked since, then unchanged.
        var changed = details
        do {
            let restarted = CacheStore.open(at: path)
            _ = restarted.month(month, scope: scope)
            for run in 0..<runs {
                let row = (transactions / 2 + run) % transactions
                changed.transactions[row].checkedAt = changed.transactions[row].checkedAt == nil ? Date() : nil
                let changeStart = Monotonic.now()
                restarted.saveMonth(changed, month: month, scope: scope, fetchedAt: Date())
                samples.add("cache", "save it after one change (a check)", "ms", Monotonic.milliseconds(from: changeStart))
                let againStart = Monotonic.now()
                restarted.saveMonth(changed, month: month, scope: scope, fetchedAt: Date())
                samples.add("cache", "save it again unchanged (a refresh)", "ms", Monotonic.milliseconds(from: againStart))
                // As the outbox does after each sent write: the month read again by the store that saved it.
                let rereadStart = Monotonic.now()
                guard case .budget(let reread)? = restarted.month(month, scope: scope)?.value, reread.transactions.count == transactions else {
                    throw RunFailure(description: "the saved month did not come back whole")
                }
                samples.add("cache", "read it again, by the store that saved it", "ms", Monotonic.milliseconds(from: rereadStart))
            }
        }
        // A store that has not seen the rows (another pulpe wrote them) reads them back to compare.
        changed.transactions[transactions / 3].checkedAt = changed.transactions[transactions / 3].checkedAt == nil ? Date() : nil
        let unseenStart = Monotonic.now()
        CacheStore.open(at: path).saveMonth(changed, month: month, scope: scope, fetchedAt: Date())
        samples.add("cache", "save after one change, rows not seen by this store", "ms", Monotonic.milliseconds(from: unseenStart))
        for _ in 0..<runs {
            // Left by a pulpe that did not close it (no stamp): every page is checked (decision 76).
            try? FileManager.default.removeItem(atPath: path + ".checked")
            let checkedStart = Monotonic.now()
            CacheStore.open(at: path).close()
            samples.add(
                "cache", "open the cache file, not closed cleanly (checked page by page)", "ms",
                Monotonic.milliseconds(from: checkedStart))
            // As a start after a clean quit finds it: closed and stamped by the store before.
            let start = Monotonic.now()
            let store = CacheStore.open(at: path)
            samples.add("cache", "open the cache file", "ms", Monotonic.milliseconds(from: start))
            // What the first screen is painted from (`BudgetDetails.preview`), before the whole read.
            let previewStart = Monotonic.now()
            if transactions >= MonthPreview.minimumRows {
                guard case .budget(let preview)? = store.monthPreview(month, scope: scope)?.value,
                    preview.transactionCount == transactions
                else {
                    throw RunFailure(description: "the cached month had no preview")
                }
                samples.add("cache", "read its preview (first rows and figures)", "ms", Monotonic.milliseconds(from: previewStart))
            }
            let readStart = Monotonic.now()
            guard case .budget(let read)? = store.month(month, scope: scope)?.value, read.transactions.count == transactions else {
                throw RunFailure(description: "the cached month did not come back whole")
            }
            samples.add("cache", "read a \(transactions)-transaction month", "ms", Monotonic.milliseconds(from: readStart))
        }
    }
}
