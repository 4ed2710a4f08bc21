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
    /// The budget and its lines go in the entry's JSON, the transactions in rows of their own
    /// (`CachedTransactionRows`), in the same transaction. A refresh that brings exactly what is
    /// stored only moves `fetchedAt`: comparing costs a read, rewriting a long month costs several
    /// times more, and most refreshes change nothing.
    public func saveMonth(_ details: BudgetDetails?, month: BudgetMonth, scope: CacheScope, fetchedAt: Date) {
        let key = CacheKey.month(month)
        var payload: Data?
        if let details {
            do {
                payload = try PulpeJSON.encode(BudgetDetails(budget: details.budget, transactions: [],
                                                             budgetLines: details.budgetLines))
            } catch {
                onProblem("cache: cannot encode \(key) (\(error)); not saved")
                return
            }
        }
        let record = CacheEntryRecord(key, scope: scope, payload: payload, fetchedAt: fetchedAt)
        let transactions = details?.transactions ?? []
        write("save \(key)") { db in
            if let stored = try CacheEntryRecord.fetchOne(db, key: Self.primaryKey(key, scope)), stored.payload == payload,
               (try? CachedTransactionRows.fetch(monthKey: key.key, scope: scope, in: db)) == transactions {
                var touched = stored
                touched.fetchedAt = record.fetchedAt
                try touched.update(db)
                return
            }
            try record.insert(db, onConflict: .replace)
            try CachedTransactionRows.replace(transactions, monthKey: key.key, scope: scope, in: db)
        }
    }

    /// What was last known about `month`, if anything. A month whose rows no longer read back is
    /// dropped (and reported) like any unreadable entry.
    public func month(_ month: BudgetMonth, scope: CacheScope) -> Cached<MonthEntry>? {
        let key = CacheKey.month(month)
        return loadEntry(key: key, scope: scope, alongside: { db in
            Result { try CachedTransactionRows.fetch(monthKey: key.key, scope: scope, in: db) }
        }, decode: { payload, rows in
            guard let payload else { return MonthEntry.noBudget }
            var details = try PulpeJSON.decode(BudgetDetails.self, from: payload)
            // Entries written before the rows existed still carry their transactions in the JSON.
            if details.transactions.isEmpty { details.transactions = try rows.get() }
            return MonthEntry.budget(details)
        })
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

    // MARK: Templates

    /// Keeps the templates with their lines, the default first.
    public func saveTemplates(_ previews: [TemplatePreview], scope: CacheScope, fetchedAt: Date) {
        save(previews, key: .templates, scope: scope, fetchedAt: fetchedAt)
    }

    /// The last templates seen, if any.
    public func templates(scope: CacheScope) -> Cached<[TemplatePreview]>? {
        loadEntry(key: .templates, scope: scope) { try Self.decode([TemplatePreview].self, from: $0) }
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
