import Foundation
import GRDB
import PulpeDomain

/// An outbox item as one row: exact decimal text for the amount, `Double` seconds for dates; an
/// operation other than a created transaction as JSON in `operation`.
/// `package` (with `items`) so the fuzz harness reads damaged rows through this code.
package struct OutboxRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    package static let databaseTableName = "outboxItem"

    var sequence: Int64?
    var id: String
    var serverKey: String
    var userId: String
    var year: Int
    var month: Int
    var budgetId: String
    var budgetLineId: String?
    var name: String
    var amount: String
    var kind: String
    var transactionDate: Double?
    var checkedAt: Double?
    var refusal: String?
    var attempts: Int
    var notBefore: Double?
    var claimOwner: String?
    var claimedAt: Double?
    var enqueuedAt: Double

    /// The operation as JSON (`PulpeJSON`), or nil for a created transaction, which is kept in the
    /// expense columns as the first release wrote every item (so an older file reads unchanged).
    var operation: String?
    var sends: Int

    init(operation: WriteOperation, id: String, label: String, previousAmount: Decimal?, month: BudgetMonth,
         scope: CacheScope, enqueuedAt: Date) throws(OutboxError) {
        sequence = nil
        self.id = id
        serverKey = scope.serverKey
        userId = scope.userId
        year = month.year
        self.month = month.month
        budgetId = ""
        name = label
        amount = "0"
        kind = TransactionKind.expense.rawValue
        refusal = nil
        attempts = 0
        sends = 0
        notBefore = nil
        claimOwner = nil
        claimedAt = nil
        self.enqueuedAt = enqueuedAt.timeIntervalSince1970
        try set(operation, label: label, previousAmount: previousAmount)
    }

    /// Writes `operation` into the row: a created transaction in the expense columns, any other
    /// as JSON with its label (and the amount before an edit) in `name` and `amount`. A created
    /// transaction with tags is kept as JSON too (the columns have no place for them; rows written
    /// before tags read back unchanged).
    mutating func set(_ operation: WriteOperation, label: String, previousAmount: Decimal?) throws(OutboxError) {
        if case let .createTransaction(transaction) = operation, transaction.tagIds?.isEmpty ?? true {
            budgetId = transaction.budgetId
            budgetLineId = transaction.budgetLineId
            name = transaction.name
            amount = "\(transaction.amount)"
            kind = transaction.kind.rawValue
            transactionDate = transaction.transactionDate?.timeIntervalSince1970
            checkedAt = transaction.checkedAt?.timeIntervalSince1970
            self.operation = nil
            return
        }
        name = label
        amount = previousAmount.map { "\($0)" } ?? "0"
        transactionDate = nil
        checkedAt = nil
        do {
            self.operation = String(decoding: try PulpeJSON.encode(operation), as: UTF8.self)
        } catch {
            throw .database("operation \(id) cannot be encoded: \(error)")
        }
    }

    /// The item this row holds; throws when a field does not read back (never a guess).
    func item() throws(OutboxError) -> OutboxItem {
        guard let sequence else { throw .unreadableRow(id: id, reason: "no sequence") }
        guard let value = Decimal(string: amount), !value.isNaN else {
            throw .unreadableRow(id: id, reason: "amount \"\(amount)\"")
        }
        guard let kind = TransactionKind(rawValue: kind) else { throw .unreadableRow(id: id, reason: "kind \"\(kind)\"") }
        guard (1...12).contains(month) else { throw .unreadableRow(id: id, reason: "month \(month)") }
        // `BudgetMonth` multiplies the year by 12: a damaged year of 2^62 trapped (found by `make fuzz`).
        guard (1...9999).contains(year) else { throw .unreadableRow(id: id, reason: "year \(year)") }
        // A stored date outside the years 1…9999 (±∞ included) would trap once formatted (StoredDate).
        func date(_ seconds: Double?, _ column: String) throws(OutboxError) -> Date? {
            guard let seconds else { return nil }
            guard let date = StoredDate.since1970(seconds) else { throw .unreadableRow(id: id, reason: "\(column) \(seconds)") }
            return date
        }
        let written: WriteOperation
        var previousAmount: Decimal?
        if let operation {
            do {
                written = try PulpeJSON.decode(WriteOperation.self, from: Data(operation.utf8))
            } catch {
                throw .unreadableRow(id: id, reason: "operation \(operation.prefix(80))")
            }
            if value != 0 { previousAmount = value }
        } else {
            written = .createTransaction(NewTransaction(id: id, budgetId: budgetId, budgetLineId: budgetLineId, name: name,
                                                        amount: value, kind: kind,
                                                        transactionDate: try date(self.transactionDate, "transactionDate"),
                                                        checkedAt: try date(self.checkedAt, "checkedAt")))
        }
        let notBefore = try date(self.notBefore, "notBefore")
        let claimedAt = try date(self.claimedAt, "claimedAt")
        guard let enqueuedAt = try date(self.enqueuedAt, "enqueuedAt") else { throw .unreadableRow(id: id, reason: "enqueuedAt") }
        return OutboxItem(id: id, sequence: sequence, scope: CacheScope(serverKey: serverKey, userId: userId),
                          month: BudgetMonth(year: year, month: month), operation: written, label: name,
                          previousAmount: previousAmount, state: refusal.map { .refused(reason: RefusalReason(stored: $0)) } ?? .pending,
                          attempts: attempts, sends: sends, notBefore: notBefore,
                          claim: claimOwner.map { OutboxClaim(owner: $0, at: claimedAt ?? Date(timeIntervalSince1970: 0)) },
                          enqueuedAt: enqueuedAt)
    }

    static func item(id: String, in db: Database) throws -> OutboxItem {
        guard let row = try OutboxRow.fetchOne(db, sql: "SELECT * FROM outboxItem WHERE id = ?", arguments: [id]) else {
            throw OutboxError.database("item \(id) vanished inside its own transaction")
        }
        return try row.item()
    }

    /// The readable items of `scope`, oldest first; an unreadable row is left out (and refused by
    /// `claimNext`), so it never hides or blocks the rows behind it.
    static func readableItems(scope: CacheScope, in db: Database) throws -> [OutboxItem] {
        try OutboxRow.fetchAll(db, sql: "SELECT * FROM outboxItem WHERE serverKey = ? AND userId = ? ORDER BY sequence",
                               arguments: [scope.serverKey, scope.userId]).compactMap { try? $0.item() }
    }

    package static func items(scope: CacheScope, in db: Database) throws -> [OutboxItem] {
        try OutboxRow.fetchAll(db, sql: "SELECT * FROM outboxItem WHERE serverKey = ? AND userId = ? ORDER BY sequence",
                               arguments: [scope.serverKey, scope.userId]).map { row throws(OutboxError) in try row.item() }
    }
}
