import Foundation
import GRDB
import PulpeDomain

/// Budget templates and their lines.
enum TemplateStore {
    static func insert(_ template: BudgetTemplate, userId: String, now: Date, in db: Database) throws {
        try db.execute(sql: """
            INSERT INTO budget_templates (id, userId, name, description, isDefault, createdAt, updatedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [template.id, userId, template.name, template.description, template.isDefault ?? false,
                             ColumnCoding.dateText(now), ColumnCoding.dateText(now)])
    }

    static func insert(_ line: TemplateLine, position: Int, in db: Database) throws {
        try db.execute(sql: """
            INSERT INTO template_lines (id, templateId, name, amount, kind, recurrence, position)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [line.id, line.templateId, line.name, ColumnCoding.amountText(line.amount),
                             line.kind.rawValue, line.recurrence.rawValue, position])
    }

    /// The user's templates, default first, then by name.
    static func templates(userId: String, in db: Database) throws -> [BudgetTemplate] {
        try Row.fetchAll(db, sql: """
            SELECT * FROM budget_templates WHERE userId = ? ORDER BY isDefault DESC, name, id
            """, arguments: [userId]).map(template)
    }

    static func template(id: String, userId: String, in db: Database) throws -> BudgetTemplate? {
        try Row.fetchOne(db, sql: "SELECT * FROM budget_templates WHERE id = ? AND userId = ?",
                         arguments: [id, userId]).map(template)
    }

    static func lines(templateId: String, in db: Database) throws -> [TemplateLine] {
        try Row.fetchAll(db, sql: "SELECT * FROM template_lines WHERE templateId = ? ORDER BY position, id",
                         arguments: [templateId]).map { row in
            TemplateLine(id: row["id"], templateId: row["templateId"], name: row["name"],
                         amount: try ColumnCoding.amount(row["amount"]), kind: try ColumnCoding.kind(row["kind"]),
                         recurrence: Recurrence(rawValue: row["recurrence"]))
        }
    }

    /// One line of one of the user's templates.
    static func line(id: String, userId: String, in db: Database) throws -> TemplateLine? {
        try Row.fetchOne(db, sql: """
            SELECT template_lines.* FROM template_lines JOIN budget_templates ON budget_templates.id = template_lines.templateId
            WHERE template_lines.id = ? AND budget_templates.userId = ?
            """, arguments: [id, userId]).map { row in
            TemplateLine(id: row["id"], templateId: row["templateId"], name: row["name"],
                         amount: try ColumnCoding.amount(row["amount"]), kind: try ColumnCoding.kind(row["kind"]),
                         recurrence: Recurrence(rawValue: row["recurrence"]))
        }
    }

    private static func template(_ row: Row) -> BudgetTemplate {
        BudgetTemplate(id: row["id"], name: row["name"], description: row["description"], isDefault: row["isDefault"])
    }
}
