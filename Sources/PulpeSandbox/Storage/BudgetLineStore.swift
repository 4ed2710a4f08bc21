import Foundation
import GRDB
import PulpeDomain

/// Budget lines ("prévisions") table. Rows are read by position (see `TransactionStore`).
enum BudgetLineStore {
    static let columnNames = ["id", "budgetId", "templateLineId", "savingsGoalId", "name", "amount", "kind", "recurrence",
                              "isManuallyAdjusted", "checkedAt", "tagIds", "createdAt", "updatedAt", "spreadGroupId", "savingsWithdrawalGroupId"]
    static let columns = columnNames.joined(separator: ", ")
    static let qualifiedColumns = columnNames.map { "budget_lines." + $0 }.joined(separator: ", ")

    static func insert(_ line: BudgetLine, position: Int, in db: Database) throws {
        try db.execute(sql: """
            INSERT INTO budget_lines (id, budgetId, templateLineId, savingsGoalId, name, amount, kind, recurrence,
                                      isManuallyAdjusted, checkedAt, tagIds, position, createdAt, updatedAt, spreadGroupId,
                                      savingsWithdrawalGroupId)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [line.id, line.budgetId, line.templateLineId, line.savingsGoalId, line.name,
                             ColumnCoding.amountText(line.amount), line.kind.rawValue, line.recurrence.rawValue,
                             line.isManuallyAdjusted, line.checkedAt.map(ColumnCoding.dateText),
                             ColumnCoding.tagsText(line.tagIds), position, ColumnCoding.dateText(line.createdAt),
                             ColumnCoding.dateText(line.updatedAt), line.spreadGroupId, line.savingsWithdrawalGroupId])
    }

    /// The lines of one « Piocher dans son épargne » pair, in month order.
    static func lines(withdrawalGroupId: String, userId: String, in db: Database) throws -> [BudgetLine] {
        try Array(Row.fetchCursor(db, sql: """
            SELECT \(qualifiedColumns) FROM budget_lines JOIN budgets ON budgets.id = budget_lines.budgetId
            WHERE budget_lines.savingsWithdrawalGroupId = ? AND budgets.userId = ? ORDER BY budgets.year, budgets.month
            """, arguments: [withdrawalGroupId, userId]).map(line))
    }

    /// The lines of one spread, in month order.
    static func lines(spreadGroupId: String, userId: String, in db: Database) throws -> [BudgetLine] {
        try Array(Row.fetchCursor(db, sql: """
            SELECT \(qualifiedColumns) FROM budget_lines JOIN budgets ON budgets.id = budget_lines.budgetId
            WHERE budget_lines.spreadGroupId = ? AND budgets.userId = ? ORDER BY budgets.year, budgets.month
            """, arguments: [spreadGroupId, userId]).map(line))
    }

    /// Lines of one budget in their display order.
    static func lines(budgetId: String, in db: Database) throws -> [BudgetLine] {
        try Array(Row.fetchCursor(db, sql: "SELECT \(columns) FROM budget_lines WHERE budgetId = ? ORDER BY position, createdAt, id",
                                  arguments: [budgetId]).map(line))
    }

    /// Lines of several budgets, grouped by budget id.
    static func lines(budgetIds: [String], in db: Database) throws -> [String: [BudgetLine]] {
        guard !budgetIds.isEmpty else { return [:] }
        let lines = try Array(Row.fetchCursor(db, sql: """
            SELECT \(columns) FROM budget_lines WHERE budgetId IN (\(databaseQuestionMarks(count: budgetIds.count)))
            ORDER BY position, createdAt, id
            """, arguments: StatementArguments(budgetIds)).map(line))
        return Dictionary(grouping: lines, by: \.budgetId)
    }

    /// A line of one of the user's budgets.
    static func line(id: String, userId: String, in db: Database) throws -> BudgetLine? {
        try Row.fetchOne(db, sql: """
            SELECT \(qualifiedColumns) FROM budget_lines JOIN budgets ON budgets.id = budget_lines.budgetId
            WHERE budget_lines.id = ? AND budgets.userId = ?
            """, arguments: [id, userId]).map(line)
    }

    /// Rewrites every member but the id, the budget and the position.
    static func update(_ line: BudgetLine, in db: Database) throws {
        try db.execute(sql: """
            UPDATE budget_lines SET templateLineId = ?, savingsGoalId = ?, name = ?, amount = ?, kind = ?, recurrence = ?,
                                    isManuallyAdjusted = ?, checkedAt = ?, tagIds = ?, updatedAt = ?
            WHERE id = ?
            """, arguments: [line.templateLineId, line.savingsGoalId, line.name, ColumnCoding.amountText(line.amount),
                             line.kind.rawValue, line.recurrence.rawValue, line.isManuallyAdjusted,
                             line.checkedAt.map(ColumnCoding.dateText), ColumnCoding.tagsText(line.tagIds),
                             ColumnCoding.dateText(line.updatedAt), line.id])
    }

    static func nextPosition(budgetId: String, in db: Database) throws -> Int {
        (try Int.fetchOne(db, sql: "SELECT MAX(position) FROM budget_lines WHERE budgetId = ?", arguments: [budgetId]) ?? -1) + 1
    }

    /// Decodes a row selected with `columns` (positions follow `columnNames`).
    private static func line(_ row: Row) throws -> BudgetLine {
        BudgetLine(id: row[0], budgetId: row[1], templateLineId: row[2], savingsGoalId: row[3], name: row[4],
                   amount: try ColumnCoding.amount(row[5]), kind: try ColumnCoding.kind(row[6]),
                   recurrence: Recurrence(rawValue: row[7]), isManuallyAdjusted: row[8],
                   checkedAt: try ColumnCoding.optionalDate(row[9]), tagIds: ColumnCoding.tags(row[10]),
                   createdAt: try ColumnCoding.date(row[11]), updatedAt: try ColumnCoding.date(row[12]), spreadGroupId: row[13],
                   savingsWithdrawalGroupId: row[14])
    }
}
