import Foundation
import PulpeDomain

/// The typed entries. Payloads are the domain's own JSON (`PulpeJSON`), so `Decimal` amounts and
/// timestamps come back exactly as the server sent them.
extension CacheStore {
    // MARK: Settings

    /// Keeps `settings` as the last good settings of `scope`.
    public func saveSettings(_ settings: UserSettings, scope: CacheScope, fetchedAt: Date) {
        save(settings, key: .settings, scope: scope, fetchedAt: fetchedAt)
    }

    /// The last good settings of `scope`, if any.
    public func settings(scope: CacheScope) -> Cached<UserSettings>? {
        loadEntry(key: .settings, scope: scope) { try Self.decode(UserSettings.self, from: $0) }
    }

    // MARK: Months

    /// Keeps what the server said about `month`: its details, or `nil` when it has no budget.
    public func saveMonth(_ details: BudgetDetails?, month: BudgetMonth, scope: CacheScope, fetchedAt: Date) {
        guard let details else {
            writeEntry(nil, key: .month(month), scope: scope, fetchedAt: fetchedAt)
            return
        }
        save(details, key: .month(month), scope: scope, fetchedAt: fetchedAt)
    }

    /// What was last known about `month`, if anything.
    public func month(_ month: BudgetMonth, scope: CacheScope) -> Cached<MonthEntry>? {
        loadEntry(key: .month(month), scope: scope) { payload in
            guard let payload else { return MonthEntry.noBudget }
            return MonthEntry.budget(try PulpeJSON.decode(BudgetDetails.self, from: payload))
        }
    }

    // MARK: Years

    /// Keeps the sparse budget list of `year` (`?fields=month,year,remaining&year=`).
    public func saveYear(_ summaries: [BudgetSummary], year: Int, scope: CacheScope, fetchedAt: Date) {
        save(summaries, key: .year(year), scope: scope, fetchedAt: fetchedAt)
    }

    /// The last budget list of `year`, if any.
    public func year(_ year: Int, scope: CacheScope) -> Cached<[BudgetSummary]>? {
        loadEntry(key: .year(year), scope: scope) { try Self.decode([BudgetSummary].self, from: $0) }
    }

    // MARK: Helpers

    private func save<Value: Encodable>(_ value: Value, key: CacheKey, scope: CacheScope, fetchedAt: Date) {
        let payload: Data
        do {
            payload = try PulpeJSON.encode(value)
        } catch {
            onProblem("cache: cannot encode \(key) (\(error)); not saved")
            return
        }
        writeEntry(payload, key: key, scope: scope, fetchedAt: fetchedAt)
    }

    /// Only months may be stored without payload; anywhere else a `NULL` is damage.
    private static func decode<Value: Decodable>(_ type: Value.Type, from payload: Data?) throws -> Value {
        guard let payload else { throw MissingPayload() }
        return try PulpeJSON.decode(type, from: payload)
    }
}

/// A non-month entry stored without payload.
struct MissingPayload: Error, CustomStringConvertible {
    var description: String { "empty payload" }
}
