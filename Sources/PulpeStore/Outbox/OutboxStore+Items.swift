import Foundation
import GRDB
import PulpeDomain

extension OutboxStore {
    /// Stores a new item, committed to disk before this returns. `transaction.id` must be set (the
    /// client id the server will keep); storing the same id twice is refused.
    @discardableResult
    public func enqueue(_ transaction: NewTransaction, month: BudgetMonth, scope: CacheScope, at now: Date)
        throws(OutboxError) -> OutboxItem {
        guard let id = transaction.id else { throw .database("an outbox item needs its client id") }
        let row = OutboxRow(transaction: transaction, id: id, month: month, scope: scope, enqueuedAt: now)
        return try write { db in
            try row.insert(db)
            return try OutboxRow.item(id: id, in: db)
        }
    }

    /// Every item of `scope`, oldest first (pending and refused).
    public func items(scope: CacheScope) throws(OutboxError) -> [OutboxItem] {
        try read { db in try OutboxRow.items(scope: scope, in: db) }
    }

    /// Every item in the file, whoever it belongs to (for diagnostics and tests).
    public func totalCount() throws(OutboxError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outboxItem") ?? 0 }
    }

    /// Whether an item with this description is in the file (tests check what a killed process left).
    public func containsItem(named name: String) throws(OutboxError) -> Bool {
        try read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM outboxItem WHERE name = ?)", arguments: [name]) ?? false }
    }

    /// How many items of `scope` wait to be sent (refused ones excluded).
    public func pendingCount(scope: CacheScope) throws(OutboxError) -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outboxItem WHERE serverKey = ? AND userId = ? AND refusal IS NULL",
                             arguments: [scope.serverKey, scope.userId]) ?? 0
        }
    }

    /// Claims the oldest item of `scope` that is due: pending, not held by a live claim (one younger
    /// than `claimTimeout` whose owner `isOwnerAlive` says still runs), and past its `notBefore`.
    /// Nil when there is none. Items are sent in order: while the oldest pending item waits for its
    /// backoff or another process's send, nothing newer is claimed.
    public func claimNext(scope: CacheScope, owner: String, at now: Date, claimTimeout: TimeInterval,
                          isOwnerAlive: @escaping @Sendable (String) -> Bool = { _ in true })
        throws(OutboxError) -> OutboxItem? {
        try write { db in
            let oldest = try OutboxRow.fetchOne(db, sql: """
                SELECT * FROM outboxItem WHERE serverKey = ? AND userId = ? AND refusal IS NULL
                ORDER BY sequence LIMIT 1
                """, arguments: [scope.serverKey, scope.userId])
            guard let oldest else { return nil }
            if let claimedAt = oldest.claimedAt, let holder = oldest.claimOwner,
               now.timeIntervalSince1970 - claimedAt < claimTimeout, isOwnerAlive(holder) { return nil }
            if let notBefore = oldest.notBefore, notBefore > now.timeIntervalSince1970 { return nil }
            try db.execute(sql: "UPDATE outboxItem SET claimOwner = ?, claimedAt = ? WHERE id = ?",
                           arguments: [owner, now.timeIntervalSince1970, oldest.id])
            return try OutboxRow.item(id: oldest.id, in: db)
        }
    }

    /// The server has it (201, or 409 already exists): the item leaves the outbox. Returns false
    /// when the item was no longer there (deleted by the user while in flight).
    @discardableResult
    public func markSent(id: String) throws(OutboxError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM outboxItem WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    /// Not sent this time (network, 5xx, 429, maintenance): the claim is dropped, the attempt
    /// counted, and the item waits until `notBefore`.
    public func release(id: String, owner: String, notBefore: Date?) throws(OutboxError) {
        try write { db in
            try db.execute(sql: """
                UPDATE outboxItem SET claimOwner = NULL, claimedAt = NULL, attempts = attempts + 1, notBefore = ?
                WHERE id = ? AND claimOwner = ?
                """, arguments: [notBefore?.timeIntervalSince1970, id, owner])
        }
    }

    /// The server refused it (400 / 404 / 422): kept, with the reason, until the user edits or
    /// deletes it.
    public func markRefused(id: String, reason: String) throws(OutboxError) {
        try write { db in
            try db.execute(sql: """
                UPDATE outboxItem SET claimOwner = NULL, claimedAt = NULL, attempts = attempts + 1, refusal = ?
                WHERE id = ?
                """, arguments: [reason, id])
        }
    }

    /// Removes an item the user deleted or undid. Refused when a live claim holds it (it may be on
    /// the wire): the caller waits for the send to finish, then deletes on the server if needed.
    public func remove(id: String, at now: Date, claimTimeout: TimeInterval,
                       isOwnerAlive: @escaping @Sendable (String) -> Bool = { _ in true }) throws(OutboxError) -> OutboxRemoval {
        try write { db in
            guard let row = try OutboxRow.fetchOne(db, sql: "SELECT * FROM outboxItem WHERE id = ?", arguments: [id]) else {
                return .notFound
            }
            if let claimedAt = row.claimedAt, let holder = row.claimOwner,
               now.timeIntervalSince1970 - claimedAt < claimTimeout, isOwnerAlive(holder) { return .inFlight }
            try db.execute(sql: "DELETE FROM outboxItem WHERE id = ?", arguments: [id])
            return .removed
        }
    }

    /// The user corrected an item (refused or pending): it is pending again with the new fields and
    /// the same client id, and keeps its place in the queue.
    public func replace(id: String, with transaction: NewTransaction, month: BudgetMonth) throws(OutboxError) {
        let amount = "\(transaction.amount)"
        try write { db in
            try db.execute(sql: """
                UPDATE outboxItem SET budgetId = ?, budgetLineId = ?, name = ?, amount = ?, kind = ?, transactionDate = ?,
                checkedAt = ?, year = ?, month = ?, refusal = NULL, attempts = 0, notBefore = NULL
                WHERE id = ?
                """, arguments: [transaction.budgetId, transaction.budgetLineId, transaction.name, amount,
                                 transaction.kind.rawValue, transaction.transactionDate?.timeIntervalSince1970,
                                 transaction.checkedAt?.timeIntervalSince1970, month.year, month.month, id])
        }
    }
}
