import Dispatch
import Synchronization

/// The rows this store last wrote or read for a few months, with the `rowsVersion` their entry had
/// then: the next save of such a month diffs against them in memory (`MonthRowsPlan`) instead of
/// reading 100 000 rows back to compare, and a read of it at that version takes them instead of
/// reading them again (decision 78). Every save of a month stamps a new random version, so the
/// stored one is the proof they are still what the file holds — any other write of the month
/// (another pulpe, the outbox applying a sent change, a drop, a clear, an older pulpe that leaves
/// it NULL) changes or removes it, and the save then falls back to reading. (`fetchedAt` was the
/// first proof, and it was not one: the outbox saves a month with the stamp it read.)
///
/// The arrays are the ones the app already holds (copy-on-write), so remembering costs the
/// positions, not a second month.
final class RememberedMonths: Sendable {
    struct Rows: Sendable {
        var stored: CachedTransactionRows.StoredRows
        var version: Int64
    }

    /// How many months are kept: the shown one and its neighbours.
    static let capacity = 4

    private let months = Mutex<[(key: String, rows: Rows)]>([])

    static func key(_ monthKey: String, _ scope: CacheScope) -> String {
        [scope.serverKey, scope.userId, monthKey].joined(separator: "\u{1F}")
    }

    func rows(for key: String) -> Rows? {
        months.withLock { $0.first { $0.key == key }?.rows }
    }

    /// Keeps `rows` as the newest, forgetting the oldest beyond `capacity`. With `ifStill`, only
    /// if what is remembered for `key` is still at that version (nil: nothing remembered): a read
    /// that ends after a newer save by this store must not put the older rows back.
    func remember(_ rows: Rows, for key: String, ifStill expected: Int64?? = .none) {
        let replaced = months.withLock { months -> [Rows] in
            if case let .some(expected) = expected, months.first(where: { $0.key == key })?.rows.version != expected { return [] }
            var replaced = months.filter { $0.key == key }
            months.removeAll { $0.key == key }
            months.append((key, rows))
            if months.count > Self.capacity {
                replaced += months.prefix(months.count - Self.capacity)
                months.removeFirst(months.count - Self.capacity)
            }
            return replaced.map(\.rows)
        }
        Self.letGo(replaced)
    }

    func forget(_ key: String) {
        let replaced = months.withLock { months in
            let replaced = months.filter { $0.key == key }.map(\.rows)
            months.removeAll { $0.key == key }
            return replaced
        }
        Self.letGo(replaced)
    }

    /// Forgets every month (the cache was locked: nothing it decrypted stays in memory).
    func forgetAll() {
        let all = months.withLock { months in
            defer { months.removeAll() }
            return months.map(\.rows)
        }
        Self.letGo(all)
    }

    /// Rows replaced here are often the last copy of a month the app has moved on from: freeing
    /// 100 000 rows (a release for each of their strings) took a quarter of a save after one
    /// check. They are freed on a utility queue instead, usually once the save has returned (if
    /// the save still holds them then, the save frees them as before).
    private static func letGo(_ rows: [Rows]) {
        guard !rows.isEmpty else { return }
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(rows) {} }
    }
}
