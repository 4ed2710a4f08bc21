import Foundation
import GRDB
import PulpeDomain

/// « Reporter au mois suivant » (`pulpe-api.md` §15.3): a free, unchecked transaction or an
/// unchecked one-off prévision without transactions moves to the budget of the next calendar
/// month — the budget's month + 1, whatever the pay day. Not idempotent, as on the real server:
/// sent twice, it moves twice.
enum PostponeWrites {
    /// The item as moved, with the two budgets (`{…item, sourceBudgetId, targetBudgetId}`).
    struct Moved<Item: Encodable & Sendable>: Encodable, Sendable {
        let item: Item
        let sourceBudgetId: String
        let targetBudgetId: String

        enum CodingKeys: String, CodingKey { case sourceBudgetId, targetBudgetId }

        func encode(to encoder: any Encoder) throws {
            try item.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(sourceBudgetId, forKey: .sourceBudgetId)
            try container.encode(targetBudgetId, forKey: .targetBudgetId)
        }
    }

    static func transaction(id: String, userId: String, now: Date, in db: Database) throws -> Moved<Transaction> {
        guard var transaction = try TransactionStore.transaction(id: id, userId: userId, in: db) else {
            throw APIError.transactionNotFound(id)
        }
        if transaction.checkedAt != nil {
            throw conflict("ERR_TRANSACTION_ALREADY_CHECKED", "A checked transaction cannot be postponed")
        }
        if transaction.budgetLineId != nil {
            throw conflict("ERR_TRANSACTION_ALLOCATED", "A transaction allocated to a budget line cannot be postponed")
        }
        let source = transaction.budgetId
        let target = try nextBudget(after: source, userId: userId, in: db)
        transaction.budgetId = target.id
        transaction.transactionDate = PostponedDate.oneMonthLater(transaction.transactionDate)
        transaction.updatedAt = now
        try db.execute(sql: "UPDATE transactions SET budgetId = ? WHERE id = ?", arguments: [target.id, id])
        try TransactionStore.update(transaction, in: db)
        try refresh([source, target.id], now: now, in: db)
        return Moved(item: transaction, sourceBudgetId: source, targetBudgetId: target.id)
    }

    static func budgetLine(id: String, userId: String, now: Date, in db: Database) throws -> Moved<BudgetLine> {
        guard var line = try BudgetLineStore.line(id: id, userId: userId, in: db) else { throw APIError.budgetLineNotFound(id) }
        if line.checkedAt != nil {
            throw conflict("ERR_BUDGET_LINE_ALREADY_CHECKED", "A checked budget line cannot be postponed")
        }
        if line.recurrence == .fixed {
            throw conflict("ERR_BUDGET_LINE_NOT_POSTPONABLE", "Only one-off budget lines can be postponed")
        }
        if try TransactionStore.transactions(budgetId: line.budgetId, in: db).contains(where: { $0.budgetLineId == id }) {
            throw conflict("ERR_BUDGET_LINE_HAS_TRANSACTIONS", "A budget line with transactions cannot be postponed")
        }
        let source = line.budgetId
        let target = try nextBudget(after: source, userId: userId, in: db)
        line.budgetId = target.id
        line.templateLineId = nil
        line.isManuallyAdjusted = true
        line.updatedAt = now
        let position = try BudgetLineStore.nextPosition(budgetId: target.id, in: db)
        try db.execute(sql: "UPDATE budget_lines SET budgetId = ?, position = ? WHERE id = ?", arguments: [target.id, position, id])
        try BudgetLineStore.update(line, in: db)
        try refresh([source, target.id], now: now, in: db)
        return Moved(item: line, sourceBudgetId: source, targetBudgetId: target.id)
    }

    /// The budget of the month after `budgetId`'s: 409 `ERR_TARGET_BUDGET_NOT_FOUND` when the user
    /// has not created it.
    private static func nextBudget(after budgetId: String, userId: String, in db: Database) throws -> Budget {
        guard let source = try BudgetStore.budget(id: budgetId, userId: userId, in: db) else { throw APIError.budgetNotFound(budgetId) }
        let next = BudgetMonth(year: source.year, month: source.month).next
        guard let target = try BudgetStore.budgets(userId: userId, in: db).first(where: { $0.year == next.year && $0.month == next.month })
        else {
            throw APIError.business(code: "ERR_TARGET_BUDGET_NOT_FOUND", status: 409,
                                    "No budget exists for \(next.month)/\(next.year)",
                                    details: ["month": .number(Decimal(next.month)), "year": .number(Decimal(next.year))])
        }
        return target
    }

    private static func refresh(_ budgetIds: [String], now: Date, in db: Database) throws {
        for budgetId in budgetIds { try BudgetLedger.refreshEndingBalance(budgetId: budgetId, now: now, in: db) }
    }

    private static func conflict(_ code: String, _ message: String) -> APIError {
        APIError.business(code: code, status: 409, message)
    }
}
