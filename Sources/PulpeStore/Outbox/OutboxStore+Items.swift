import Foundation
import GRDB
import PulpeDomain

extension OutboxStore {
    /// Stores a new created transaction as is, committed to disk before this returns: a plain
    /// insert, no coalescing, for the store's own tests and the benches (the app stores every write,
    /// the quick-add's too, through `enqueue(_:id:…)`). `transaction.id` must be set (the client id
    /// the server will keep); storing the same id twice is refused.
    @discardableResult
    public func enqueue(_ transaction: NewTransaction, month: BudgetMonth, scope: CacheScope, at now: Date)
        throws(OutboxError) -> OutboxItem {
        guard let id = transaction.id else { throw .database("an outbox item needs its client id") }
        let row = try OutboxRow(operation: .createTransaction(transaction), id: id, label: transaction.name, previousAmount: nil,
                                month: month, scope: scope, enqueuedAt: now)
        return try write { db in
            try row.insert(db)
            return try OutboxRow.item(id: id, in: db)
        }
    }

    /// Stores an operation, committed to disk before this returns, after coalescing it with what
    /// already waits (`OperationQueue.adding`: an edit folded into a queued create, patches merged,
    /// check presses collapsed, a delete of an unsent create cancelling both). Nothing is folded
    /// into an item a live claim holds, or one sent before (its body may be on the server).
    public func enqueue(_ operation: WriteOperation, id: String, label: String, previousAmount: Decimal? = nil,
                        month: BudgetMonth, scope: CacheScope, at now: Date, notBefore: Date? = nil, claimTimeout: TimeInterval,
                        isOwnerAlive: @escaping @Sendable (String) -> Bool = { _ in true }) throws(OutboxError) -> OutboxStoring {
        var prepared = try OutboxRow(operation: operation, id: id, label: label, previousAmount: previousAmount, month: month,
                                     scope: scope, enqueuedAt: now)
        prepared.notBefore = notBefore?.timeIntervalSince1970
        let fresh = prepared
        return try write { db in
            let rows = try OutboxRow.fetchAll(db, sql: "SELECT * FROM outboxItem WHERE serverKey = ? AND userId = ? ORDER BY sequence",
                                              arguments: [scope.serverKey, scope.userId])
            var byId: [String: OutboxRow] = [:]
            var queue: [QueuedOperation] = []
            for row in rows {
                guard let item = try? row.item() else { continue }   // unreadable: never folded into
                byId[row.id] = row
                let held = row.claimOwner.map { owner in
                    now.timeIntervalSince1970 - (row.claimedAt ?? 0) < claimTimeout && isOwnerAlive(owner)
                } ?? false
                // A create sent before (its answer lost, or its process killed) may be on the server
                // already: folding into it would be lost to the replay's 409. It counts as in flight,
                // and what comes after it is queued behind it. (A patch resent merged is still right.)
                let state: QueuedOperation.State = switch item.state {
                case .refused: .refused(.rejected(code: nil))
                case .pending: held || (row.sends > 0 && item.operation.isCreate) ? .inFlight : .pending
                }
                queue.append(QueuedOperation(id: row.id, operation: item.operation, state: state))
            }
            let coalesced = OperationQueue.adding(operation, id: id, to: queue)
            let kept = Set(coalesced.map(\.id))
            for row in rows where byId[row.id] != nil && !kept.contains(row.id) {
                try db.execute(sql: "DELETE FROM outboxItem WHERE id = ?", arguments: [row.id])
            }
            var foldedInto: String?
            for queued in coalesced where queued.id != id {
                guard var row = byId[queued.id], let before = try? row.item(), before.operation != queued.operation else { continue }
                try row.set(queued.operation, label: before.label, previousAmount: before.previousAmount)
                try row.update(db)
                // (An expense freed by the delete of its never-sent prévision is not « folded into ».)
                if queued.operation.target == operation.target { foldedInto = queued.id }
            }
            guard let added = coalesced.first(where: { $0.id == id }) else {
                // Folded without a change (the same tag asked again): into the item that waits for it.
                let same = coalesced.first { $0.operation.target == operation.target }?.id
                return (foldedInto ?? same).map { .folded(into: $0) } ?? .cancelled
            }
            var row = fresh
            if case let .blocked(by) = added.state { row.refusal = RefusalReason.dependsOn(label: byId[by]?.name ?? by).stored }
            try row.insert(db)
            return .stored(try OutboxRow.item(id: id, in: db))
        }
    }

    /// Removes the waiting item that is exactly `operation` (the TUI's undo of a delete still in
    /// its window); `.inFlight` when a live claim holds it, `.notFound` when it already left.
    public func cancel(_ operation: WriteOperation, scope: CacheScope, at now: Date, claimTimeout: TimeInterval,
                       isOwnerAlive: @escaping @Sendable (String) -> Bool = { _ in true }) throws(OutboxError) -> OutboxRemoval {
        try write { db in
            for item in try OutboxRow.readableItems(scope: scope, in: db) where item.operation == operation {
                if let claim = item.claim, now.timeIntervalSince(claim.at) < claimTimeout, isOwnerAlive(claim.owner) {
                    return .inFlight
                }
                try db.execute(sql: "DELETE FROM outboxItem WHERE id = ?", arguments: [item.id])
                return .removed
            }
            return .notFound
        }
    }

    /// Every item of `scope`, oldest first (pending and refused); an unreadable row is left out.
    public func items(scope: CacheScope) throws(OutboxError) -> [OutboxItem] {
        try read { db in try OutboxRow.readableItems(scope: scope, in: db) }
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
            while true {
                let oldest = try OutboxRow.fetchOne(db, sql: """
                    SELECT * FROM outboxItem WHERE serverKey = ? AND userId = ? AND refusal IS NULL
                    ORDER BY sequence LIMIT 1
                    """, arguments: [scope.serverKey, scope.userId])
                guard let oldest else { return nil }
                // One unreadable row never blocks the rows behind it: it is kept, refused, for the user.
                do {
                    _ = try oldest.item()
                } catch {
                    try db.execute(sql: "UPDATE outboxItem SET refusal = ? WHERE id = ?",
                                   arguments: [RefusalReason.unreadable.stored, oldest.id])
                    continue
                }
                if let claimedAt = oldest.claimedAt, let holder = oldest.claimOwner,
                   now.timeIntervalSince1970 - claimedAt < claimTimeout, isOwnerAlive(holder) { return nil }
                if let notBefore = oldest.notBefore, notBefore > now.timeIntervalSince1970 { return nil }
                try db.execute(sql: "UPDATE outboxItem SET claimOwner = ?, claimedAt = ?, sends = sends + 1 WHERE id = ?",
                               arguments: [owner, now.timeIntervalSince1970, oldest.id])
                return try OutboxRow.item(id: oldest.id, in: db)
            }
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
    /// What waits on the refused item is refused with it (« dépend de … »): an edit or a check of a
    /// transaction whose create was refused, an expense on a prévision whose create was, a write
    /// into a month a refused plan was to make.
    public func markRefused(id: String, reason: RefusalReason) throws(OutboxError) {
        try write { db in
            try db.execute(sql: """
                UPDATE outboxItem SET claimOwner = NULL, claimedAt = NULL, attempts = attempts + 1, refusal = ?
                WHERE id = ?
                """, arguments: [reason.stored, id])
            // A plan is no create, but the months it makes are written to while it waits (shown
            // from its template, decision 94): what needs one of them is refused with it.
            guard let refused = try? OutboxRow.item(id: id, in: db) else { return }
            let made = Set(refused.operation.madeMonths.map(OperationTarget.budget))
            guard refused.operation.isCreate || !made.isEmpty else { return }
            let target = refused.operation.target
            let scope = refused.scope
            for item in try OutboxRow.readableItems(scope: scope, in: db)
            where item.state == .pending && item.id != id
                && ((refused.operation.isCreate && item.operation.target == target) || item.operation.needs == target
                    || item.operation.needs.map(made.contains) == true) {
                try db.execute(sql: "UPDATE outboxItem SET refusal = ? WHERE id = ?",
                               arguments: [RefusalReason.dependsOn(label: refused.label).stored, item.id])
            }
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

    /// The user corrected an operation (refused or pending): pending again, same id and place.
    public func replace(id: String, with operation: WriteOperation) throws(OutboxError) {
        try write { db in
            guard var row = try OutboxRow.fetchOne(db, sql: "SELECT * FROM outboxItem WHERE id = ?", arguments: [id]),
                  let before = try? row.item() else { return }
            try row.set(operation, label: before.label, previousAmount: before.previousAmount)
            row.refusal = nil
            row.attempts = 0
            row.notBefore = nil
            try row.update(db)
        }
    }

    /// The user corrected an item (refused or pending): it is pending again with the new fields and
    /// the same client id, and keeps its place in the queue.
    public func replace(id: String, with transaction: NewTransaction, month: BudgetMonth) throws(OutboxError) {
        let amount = "\(transaction.amount)"
        try write { db in
            // A correction keeps the tags the expense was stored with (the form does not edit them).
            var transaction = transaction
            if transaction.tagIds == nil, let stored = try? OutboxRow.item(id: id, in: db),
               case let .createTransaction(old) = stored.operation { transaction.tagIds = old.tagIds }
            let json: String? = if transaction.tagIds?.isEmpty ?? true { nil } else {
                String(decoding: try PulpeJSON.encode(WriteOperation.createTransaction(transaction)), as: UTF8.self)
            }
            try db.execute(sql: """
                UPDATE outboxItem SET budgetId = ?, budgetLineId = ?, name = ?, amount = ?, kind = ?, transactionDate = ?,
                checkedAt = ?, year = ?, month = ?, refusal = NULL, attempts = 0, notBefore = NULL, operation = ?
                WHERE id = ?
                """, arguments: [transaction.budgetId, transaction.budgetLineId, transaction.name, json == nil ? amount : "0",
                                 transaction.kind.rawValue, transaction.transactionDate?.timeIntervalSince1970,
                                 transaction.checkedAt?.timeIntervalSince1970, month.year, month.month, json, id])
        }
    }
}

/// What storing an operation did to the queue.
public enum OutboxStoring: Sendable, Hashable {
    /// A new item waits (refused at once when it depends on a refused one).
    case stored(OutboxItem)
    /// Folded into the queued item with this id (an edit into its create, a patch into a patch).
    case folded(into: String)
    /// A delete of an item whose create had not left: both are gone, nothing will be sent.
    case cancelled
}

/// How the log says it: what happened and ids only — never the item's name or amount (the log is
/// a clear file: the sealed outbox's content stays out of it, decision 83).
extension OutboxStoring: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .stored(item): "stored \(item.id)"
        case let .folded(id): "folded into \(id)"
        case .cancelled: "cancelled"
        }
    }
}
