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
    /// (`CachedTransactionRows`), in the same transaction. Only what changed is written: against
    /// the rows this store last wrote or read (`RememberedMonths`, when the entry's `rowsVersion` is
    /// still the one it saw) the change is planned in memory — one row for a check, one for an added
    /// expense; otherwise the stored rows are read back and compared. A refresh that brings exactly
    /// what is stored only moves `fetchedAt` (and the version).
    ///
    /// `ifStill`: the entry's stamp read before the change was worked out (before a fetch was sent,
    /// before an operation was applied to the rows read). When another save came in between — a
    /// sent write another pulpe folded in, say — this one is dropped and false returned: a fetch
    /// that started before that write must not erase it from the cache (decision 65).
    @discardableResult
    public func saveMonth(_ details: BudgetDetails?, month: BudgetMonth, scope: CacheScope, fetchedAt: Date,
                          ifStill stamp: MonthStamp? = nil, etag: String? = nil) -> Bool {
        let key = CacheKey.month(month)
        // A preview holds a few rows of many: saved, it would stand for the whole month.
        guard details?.preview == nil else {
            onProblem("cache: a preview of \(key) was offered to be saved; not saved")
            return false
        }
        var payload: Data?
        if let details {
            do {
                payload = try PulpeJSON.encode(BudgetDetails(budget: details.budget, transactions: [],
                                                             budgetLines: details.budgetLines))
            } catch {
                onProblem("cache: cannot encode \(key) (\(error)); not saved")
                return false
            }
        }
        var record = CacheEntryRecord(key, scope: scope, payload: payload, fetchedAt: fetchedAt)
        record.rowsVersion = Int64.random(in: Int64.min...Int64.max)
        // Already computed with the details: encoding a few lines' figures costs nothing beside the rows.
        record.figures = details.flatMap { try? PulpeJSON.encode(StoredMonthFigures($0, etag: etag)) }
        let transactions = details?.transactions ?? []
        let memoryKey = RememberedMonths.key(key.key, scope)
        let known = remembered.rows(for: memoryKey)
        var written: CachedTransactionRows.StoredRows?
        var superseded = false
        let saved = write("save \(key)") { db in
            let stored = try CacheEntryRecord.fetchOne(db, key: Self.primaryKey(key, scope))
            if let stamp, MonthStamp(stored) != stamp {
                superseded = true
                return
            }
            // What the file holds now: remembered if the entry is still the one this store saw, else read.
            var current: CachedTransactionRows.StoredRows?
            if let stored, let known, let version = stored.rowsVersion, known.version == version {
                current = known.stored
            } else if stored != nil {
                current = try? CachedTransactionRows.fetchPositioned(monthKey: key.key, scope: scope, in: db)
            }
            let plan = current.flatMap {
                MonthRowsPlan.make(old: $0.transactions, oldPositions: $0.positions, new: transactions)
            }
            if let stored, let current, let plan, stored.payload == payload, plan.isEmpty {
                var touched = stored
                touched.fetchedAt = record.fetchedAt
                touched.rowsVersion = record.rowsVersion
                touched.figures = record.figures
                try touched.update(db)
                written = current
                return
            }
            try record.insert(db, onConflict: .replace)
            if let plan {
                try CachedTransactionRows.apply(plan, transactions, monthKey: key.key, scope: scope, in: db)
                written = CachedTransactionRows.StoredRows(transactions: transactions, positions: plan.positions)
            } else {
                try CachedTransactionRows.replace(transactions, monthKey: key.key, scope: scope, in: db)
                written = .replaced(transactions)
            }
        }
        if superseded { return false }
        if saved, let written, let version = record.rowsVersion {
            remembered.remember(RememberedMonths.Rows(stored: written, version: version), for: memoryKey)
        } else {
            remembered.forget(memoryKey)
        }
        return saved
    }

    /// The ETag the server gave with `month` as it is kept (issue 61): nil when it was saved
    /// otherwise than from a `/details` answer that carried one.
    public func monthETag(_ month: BudgetMonth, scope: CacheScope) -> String? {
        let key = CacheKey.month(month)
        return read("read the ETag of \(key)") { db in
            try String.fetchOne(db, sql: """
                SELECT json_extract(CAST(figures AS TEXT), '$.etag') FROM cacheEntry
                WHERE serverKey = ? AND userId = ? AND kind = ? AND key = ? AND json_valid(CAST(figures AS TEXT))
                """, arguments: [scope.serverKey, scope.userId, key.kind, key.key])
        } ?? nil
    }

    /// A 304 to the month's ETag: only its read time moves — no row is written. False (and
    /// nothing changed) when another save came in since `stamp`, or the entry is gone.
    public func touchMonth(_ month: BudgetMonth, scope: CacheScope, fetchedAt: Date, ifStill stamp: MonthStamp?) -> Bool {
        let key = CacheKey.month(month)
        var touched = false
        _ = write("touch \(key)") { db in
            guard var stored = try CacheEntryRecord.fetchOne(db, key: Self.primaryKey(key, scope)),
                  stamp == nil || MonthStamp(stored) == stamp else { return }
            stored.fetchedAt = fetchedAt.timeIntervalSince1970
            try stored.update(db)
            touched = true
        }
        return touched
    }

    /// The stamp of `month`'s entry now, for a later `saveMonth(ifStill:)`; nil when it cannot be read.
    public func monthStamp(_ month: BudgetMonth, scope: CacheScope) -> MonthStamp? {
        let key = CacheKey.month(month)
        return read("read the stamp of \(key)") { db in MonthStamp(try CacheEntryRecord.fetchOne(db, key: Self.primaryKey(key, scope))) }
    }

    /// The transactions of `month` this store last read or wrote (the copy the app holds), or none:
    /// a refresh shares their strings (`BudgetDetailsWire`). Only a hint: nothing is read.
    public func heldTransactions(_ month: BudgetMonth, scope: CacheScope) -> [Transaction] {
        remembered.rows(for: RememberedMonths.key(CacheKey.month(month).key, scope))?.stored.transactions ?? []
    }

    /// What was last known about `month`, if anything. A month whose rows no longer read back is
    /// dropped (and reported) like any unreadable entry — unless this store wrote or read them at
    /// the entry's version: it then returns the rows it holds, without reading them (decision 78).
    /// A read of the same month already running is joined, not repeated (`SharedReads`).
    public func month(_ month: BudgetMonth, scope: CacheScope) -> Cached<MonthEntry>? {
        let key = CacheKey.month(month)
        return monthReads.read(RememberedMonths.key(key.key, scope)) { readMonth(key, scope: scope) }
    }

    /// The first `rows` transactions of `month` with the whole month's figures and count, as
    /// saved with it (`BudgetDetails.preview`), when the month holds at least `minimumRows`: what
    /// the first screen of a huge month is painted from while `month(_:scope:)` reads it whole.
    /// Nil for a smaller month, one saved by an older pulpe, or anything that does not read back
    /// (the whole read then reports and drops it).
    public func monthPreview(_ month: BudgetMonth, scope: CacheScope, rows: Int = MonthPreview.firstRows,
                             minimumRows: Int = MonthPreview.minimumRows) -> Cached<MonthEntry>? {
        let key = CacheKey.month(month)
        return read("read a preview of \(key)") { db -> Cached<MonthEntry>? in
            // The count first, by SQLite: most months are small, and decoding their figures
            // (a first use of several `Decodable` types) would cost more than it saves.
            let count = try Int.fetchOne(db, sql: """
                SELECT json_extract(CAST(figures AS TEXT), '$.transactionCount') FROM cacheEntry
                WHERE serverKey = ? AND userId = ? AND kind = ? AND key = ? AND json_valid(CAST(figures AS TEXT))
                """, arguments: [scope.serverKey, scope.userId, key.kind, key.key])
            guard let count, count >= minimumRows,
                  let record = try CacheEntryRecord.fetchOne(db, key: Self.primaryKey(key, scope)),
                  let payload = record.payload, let stored = record.figures,
                  let figures = try? PulpeJSON.decode(StoredMonthFigures.self, from: stored),
                  figures.transactionCount >= minimumRows,
                  let details = try? PulpeJSON.decode(BudgetDetails.self, from: payload), details.transactions.isEmpty,
                  let first = try? CachedTransactionRows.fetchPositioned(monthKey: key.key, scope: scope, in: db, limit: rows),
                  let preview = BudgetDetails.preview(budget: details.budget, firstTransactions: first.transactions,
                                                      budgetLines: details.budgetLines, figures: figures.figures,
                                                      transactionCount: figures.transactionCount)
            else { return nil }
            return Cached(value: .budget(preview), fetchedAt: Date(timeIntervalSince1970: record.fetchedAt))
        } ?? nil
    }

    private func readMonth(_ key: CacheKey, scope: CacheScope) -> Cached<MonthEntry>? {
        let known = remembered.rows(for: RememberedMonths.key(key.key, scope))
        let found = loadEntry(key: key, scope: scope, alongside: { db in
            // The rows' version, read in the same transaction as the rows.
            let version = try? Int64.fetchOne(db, sql: """
                SELECT rowsVersion FROM cacheEntry WHERE serverKey = ? AND userId = ? AND kind = ? AND key = ?
                """, arguments: [scope.serverKey, scope.userId, key.kind, key.key])
            // Still at the version of the rows this store last wrote or read: the file holds those
            // (the proof the save's diff relies on), so they are not read and decoded again — the
            // outbox reads the month after each sent write of a 100 000-row month (~150 ms a read).
            if let known, let version, known.version == version {
                return (rows: Result<CachedTransactionRows.StoredRows, any Error>.success(known.stored), version: Int64?.some(version),
                        fromMemory: true)
            }
            return (rows: Result { try CachedTransactionRows.fetchPositioned(monthKey: key.key, scope: scope, in: db) },
                    version: version, fromMemory: false)
        }, decode: { payload, read -> (MonthEntry, RememberedMonths.Rows?) in
            guard let payload else { return (MonthEntry.noBudget, nil) }
            var details = try PulpeJSON.decode(BudgetDetails.self, from: payload)
            // Entries written before the rows existed still carry their transactions in the JSON.
            guard details.transactions.isEmpty else { return (MonthEntry.budget(details), nil) }
            let stored = try read.rows.get()
            details.transactions = stored.transactions
            // Rows served from memory are remembered already.
            if read.fromMemory { return (MonthEntry.budget(details), nil) }
            return (MonthEntry.budget(details), read.version.map { RememberedMonths.Rows(stored: stored, version: $0) })
        })
        guard let found else { return nil }
        // The rows just read are what the next save of this month diffs against — unless this
        // store saved the month again meanwhile (its newer rows stay).
        if let rows = found.value.1 {
            remembered.remember(rows, for: RememberedMonths.key(key.key, scope), ifStill: .some(known?.version))
        }
        return Cached(value: found.value.0, fetchedAt: found.fetchedAt)
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

    public func saveTags(_ tags: [Tag], scope: CacheScope, fetchedAt: Date) {
        save(tags, key: .tags, scope: scope, fetchedAt: fetchedAt)
    }

    /// The account's tags as last read, if ever.
    public func tags(scope: CacheScope) -> Cached<[Tag]>? {
        loadEntry(key: .tags, scope: scope) { try Self.decode([Tag].self, from: $0) }
    }

    public func saveSavingsGoals(_ goals: [SavingsGoal], scope: CacheScope, fetchedAt: Date) {
        save(goals, key: .savingsGoals, scope: scope, fetchedAt: fetchedAt)
    }

    /// The account's savings goals as last read, if ever.
    public func savingsGoals(scope: CacheScope) -> Cached<[SavingsGoal]>? {
        loadEntry(key: .savingsGoals, scope: scope) { try Self.decode([SavingsGoal].self, from: $0) }
    }

    /// Records a complete read of the whole account (every month saved): `fetchedAt` is when.
    public func saveReplica(_ record: ReplicaRecord, scope: CacheScope, fetchedAt: Date) {
        save(record, key: .replica, scope: scope, fetchedAt: fetchedAt)
        if case let .file(path) = storage { ReplicaStamp.record(record, at: fetchedAt, besides: path) }
    }

    /// The last complete read of the whole account, if any.
    public func replica(scope: CacheScope) -> Cached<ReplicaRecord>? {
        loadEntry(key: .replica, scope: scope) { try Self.decode(ReplicaRecord.self, from: $0) }
    }

    // MARK: Import rules

    /// Keeps the account's import rules whole (they are the user's, not a copy of the server's:
    /// `at` only dates the entry); false when they could not be written (a locked or broken file).
    @discardableResult
    public func saveImportRules(_ rules: [ImportRule], scope: CacheScope, at: Date) -> Bool {
        save(rules, key: .importRules, scope: scope, fetchedAt: at)
    }

    /// The account's import rules; none before the first is added. An entry that no longer
    /// decodes is reported and dropped like any other.
    public func importRules(scope: CacheScope) -> [ImportRule] {
        loadEntry(key: .importRules, scope: scope) { try Self.decode([ImportRule].self, from: $0) }?.value ?? []
    }

    // MARK: « Bilan du mois »

    /// The period whose recap was last shown (decision 122).
    @discardableResult
    public func saveRecapSeen(_ month: BudgetMonth, scope: CacheScope, at: Date) -> Bool {
        save(month, key: .recapSeen, scope: scope, fetchedAt: at)
    }

    /// Nil before the first start that recorded one.
    public func recapSeen(scope: CacheScope) -> BudgetMonth? {
        loadEntry(key: .recapSeen, scope: scope) { try Self.decode(BudgetMonth.self, from: $0) }?.value
    }

    // MARK: Helpers

    @discardableResult
    private func save<Value: Encodable>(_ value: Value, key: CacheKey, scope: CacheScope, fetchedAt: Date) -> Bool {
        let payload: Data
        do {
            payload = try PulpeJSON.encode(value)
        } catch {
            onProblem("cache: cannot encode \(key) (\(error)); not saved")
            return false
        }
        return writeEntry(payload, key: key, scope: scope, fetchedAt: fetchedAt)
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
