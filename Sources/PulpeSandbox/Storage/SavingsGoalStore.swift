import Foundation
import GRDB
import PulpeDomain

/// The user's savings goals; `GET /savings-goals` lists the newest first, as the real server
/// (`order('created_at', { ascending: false })`).
enum SavingsGoalStore {
    static func goals(userId: String, in db: Database) throws -> [SavingsGoal] {
        try Row.fetchAll(db, sql: "SELECT * FROM savings_goals WHERE userId = ? ORDER BY createdAt DESC, id", arguments: [userId]).map(goal)
    }

    static func goal(id: String, userId: String, in db: Database) throws -> SavingsGoal? {
        try Row.fetchOne(db, sql: "SELECT * FROM savings_goals WHERE id = ? AND userId = ?",
                         arguments: [id.lowercased(), userId]).map(goal)
    }

    static func insert(_ goal: SavingsGoal, in db: Database) throws {
        try db.execute(sql: """
            INSERT INTO savings_goals (id, userId, name, targetAmount, targetDate, status, createdAt, updatedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [goal.id, goal.userId, goal.name, goal.targetAmount.map { "\($0)" }, goal.targetDate, goal.status.rawValue,
                             ColumnCoding.dateText(goal.createdAt), ColumnCoding.dateText(goal.updatedAt)])
    }

    /// A link to a goal the caller does not own (deleted, or another user's) is refused as the
    /// real database trigger does, mapped to 404 `ERR_SAVINGS_GOAL_NOT_FOUND`.
    static func requireOwned(_ id: String?, userId: String, in db: Database) throws {
        guard let id, try goal(id: id, userId: userId, in: db) == nil else { return }
        throw APIError.business(code: "ERR_SAVINGS_GOAL_NOT_FOUND", status: 404, "Savings goal with ID '\(id)' not found",
                                details: ["id": .string(id)])
    }

    private static func goal(_ row: Row) throws -> SavingsGoal {
        let amount: String? = row["targetAmount"]
        return SavingsGoal(id: row["id"], userId: row["userId"], name: row["name"], targetAmount: amount.flatMap { Decimal(string: $0) },
                           targetDate: row["targetDate"], status: SavingsGoal.Status(rawValue: row["status"]) ?? .active,
                           createdAt: try ColumnCoding.date(row["createdAt"]), updatedAt: try ColumnCoding.date(row["updatedAt"]))
    }
}
