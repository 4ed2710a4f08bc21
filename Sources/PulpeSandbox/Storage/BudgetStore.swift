import Foundation
import GRDB
import PulpeDomain

/// Budgets table. `endingBalance` is the month's own result, kept up to date by `BudgetLedger`
/// whenever a line or transaction of the budget changes (as the backend stores it).
enum BudgetStore {
    static func insert(_ budget: Budget, in db: Database) throws {
        try db.execute(sql: """
            INSERT INTO budgets (id, userId, templateId, month, year, description, endingBalance, createdAt, updatedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [budget.id, budget.userId, budget.templateId, budget.month, budget.year, budget.description,
                             ColumnCoding.amountText(budget.ownDelta), ColumnCoding.dateText(budget.createdAt),
                             ColumnCoding.dateText(budget.updatedAt)])
    }

    /// Every budget of the user, oldest first (the order the rollover chain runs in).
    static func budgets(userId: String, in db: Database) throws -> [Budget] {
        try Row.fetchAll(db, sql: "SELECT * FROM budgets WHERE userId = ? ORDER BY year, month",
                         arguments: [userId]).map(budget)
    }

    static func budget(id: String, userId: String, in db: Database) throws -> Budget? {
        try Row.fetchOne(db, sql: "SELECT * FROM budgets WHERE id = ? AND userId = ?", arguments: [id, userId]).map(budget)
    }

    static func exists(userId: String, year: Int, month: Int, in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM budgets WHERE userId = ? AND year = ? AND month = ?)",
                          arguments: [userId, year, month]) ?? false
    }

    static func hasAny(userId: String, in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM budgets WHERE userId = ?)", arguments: [userId]) ?? false
    }

    static func setEndingBalance(_ value: Decimal, budgetId: String, updatedAt: Date, in db: Database) throws {
        try db.execute(sql: "UPDATE budgets SET endingBalance = ?, updatedAt = ? WHERE id = ?",
                       arguments: [ColumnCoding.amountText(value), ColumnCoding.dateText(updatedAt), budgetId])
    }

    private static func budget(_ row: Row) throws -> Budget {
        Budget(id: row["id"], createdAt: try ColumnCoding.date(row["createdAt"]),
               updatedAt: try ColumnCoding.date(row["updatedAt"]), userId: row["userId"], templateId: row["templateId"],
               month: row["month"], year: row["year"], description: row["description"],
               endingBalance: try ColumnCoding.amount(row["endingBalance"]))
    }
}
