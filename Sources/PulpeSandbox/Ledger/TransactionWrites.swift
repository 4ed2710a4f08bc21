import Foundation
import GRDB
import PulpeDomain

/// The business rules of transaction writes (`docs/contract.md` §9), run inside one database
/// transaction after the body passed the schema. Every write refreshes the budget's stored own result.
enum TransactionWrites {
    /// Creates a transaction; 409 `ERR_TRANSACTION_ALREADY_EXISTS` when the client-chosen id exists.
    static func create(_ body: NewTransaction, userId: String, now: Date, in db: Database) throws -> Transaction {
        try checkContent(name: body.name, amount: body.amount)
        guard try BudgetStore.budget(id: body.budgetId, userId: userId, in: db) != nil else {
            // As the real server: the insert fails its row security, 500, not 404 (contract §9).
            throw APIError.transactionCreateFailed
        }
        if let lineId = body.budgetLineId {
            try checkLine(lineId, budgetId: body.budgetId, kind: body.kind, userId: userId, in: db)
        }
        let transaction = body.materialized(id: UUIDText.random(), now: now)
        guard try TransactionStore.insertIfAbsent(transaction, in: db) else {
            throw APIError.transactionAlreadyExists(transaction.id)
        }
        // The links are written after the row, as the server does: an unknown tag rolls it back.
        try TagWrites.requireOwned(body.tagIds, userId: userId, in: db)
        try BudgetLedger.refreshEndingBalance(budgetId: transaction.budgetId, now: now, in: db)
        return transaction
    }

    /// Applies a partial update.
    static func update(id: String, patch: TransactionBodies.Patch, userId: String, now: Date,
                       in db: Database) throws -> Transaction {
        guard var transaction = try TransactionStore.transaction(id: id, userId: userId, in: db) else {
            throw APIError.transactionNotFound(id)
        }
        if let name = patch.name { transaction.name = name }
        if let amount = patch.amount { transaction.amount = amount }
        if let kind = patch.kind { transaction.kind = kind }
        if let date = patch.transactionDate { transaction.transactionDate = date }
        if let tags = patch.tagIds {
            try TagWrites.requireOwned(tags, userId: userId, in: db)
            transaction.tagIds = tags
        }
        try checkContent(name: transaction.name, amount: transaction.amount)
        if let lineId = transaction.budgetLineId, patch.kind != nil {
            try checkLine(lineId, budgetId: transaction.budgetId, kind: transaction.kind, userId: userId, in: db)
        }
        transaction.updatedAt = now
        try TransactionStore.update(transaction, in: db)
        try BudgetLedger.refreshEndingBalance(budgetId: transaction.budgetId, now: now, in: db)
        return transaction
    }

    /// Deletes it; already gone (or never the caller's) is a success too, as the backend answers
    /// (`remove-transaction.use-case.ts`, docs/contract.md §14.1): a replayed delete is done.
    static func delete(id: String, userId: String, now: Date, in db: Database) throws {
        guard let transaction = try TransactionStore.transaction(id: id, userId: userId, in: db) else { return }
        try TransactionStore.delete(id: id, in: db)
        try BudgetLedger.refreshEndingBalance(budgetId: transaction.budgetId, now: now, in: db)
    }

    /// Flips `checkedAt` between `nil` and now. Totals do not depend on it, so no refresh is needed.
    static func toggleCheck(id: String, userId: String, now: Date, in db: Database) throws -> Transaction {
        guard var transaction = try TransactionStore.transaction(id: id, userId: userId, in: db) else {
            throw APIError.transactionNotFound(id)
        }
        transaction.checkedAt = transaction.checkedAt == nil ? now : nil
        transaction.updatedAt = now
        try TransactionStore.update(transaction, in: db)
        return transaction
    }

    /// Name not blank after trimming (`ERR_REQUIRED_DATA_MISSING`); amount within the ceiling
    /// (`ERR_TRANSACTION_VALIDATION_FAILED`). Same rules as `TransactionRules`, which clients use.
    private static func checkContent(name: String, amount: Decimal) throws {
        let problems = TransactionRules.problems(amount: amount, name: name)
        if problems.contains(.nameMissing) { throw APIError.requiredDataMissing(["name"]) }
        if problems.contains(.amountTooLarge) {
            throw APIError.transactionInvalid("Amount cannot exceed \(TransactionRules.maxAmount)")
        }
    }

    /// The line must be the user's, in the same budget, and of the transaction's kind.
    private static func checkLine(_ lineId: String, budgetId: String, kind: TransactionKind, userId: String,
                                  in db: Database) throws {
        guard let line = try BudgetLineStore.line(id: lineId, userId: userId, in: db) else {
            throw APIError.budgetLineNotFound(lineId)
        }
        guard line.budgetId == budgetId else {
            throw APIError.transactionInvalid("Budget line '\(lineId)' does not belong to budget '\(budgetId)'")
        }
        guard line.kind == kind else {
            throw APIError.transactionInvalid(
                "Transaction kind '\(kind.rawValue)' does not match budget line kind '\(line.kind.rawValue)'")
        }
    }
}
