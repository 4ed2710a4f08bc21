import Foundation
import GRDB
import PulpeDomain

/// The business rules of template writes (contract §16.5; `budget-template` use cases and the
/// `apply_template_line_operations` RPC), inside one database transaction: at most 5 templates, a
/// template any budget was made from cannot be deleted, and a bulk edit of lines that, with
/// `propagateToBudgets`, carries itself into the budgets of this template from the current pay-day
/// period on — non-adjusted linked lines updated or deleted, created lines added — atomically.
enum TemplateWrites {
    static let maxTemplates = 5

    /// One template line as the server answers it (`templateLineSchema`).
    struct LineAnswer: Encodable, Sendable {
        let id: String
        let templateId: String
        let savingsGoalId: String?
        let name: String
        let amount: Decimal
        let kind: TransactionKind
        let recurrence: String
        let description: String
        let createdAt: String
        let updatedAt: String
    }

    struct Propagation: Encodable, Sendable {
        let mode: String
        let affectedBudgetIds: [String]
        let affectedBudgetsCount: Int
    }

    struct BulkAnswer: Encodable, Sendable {
        let created: [LineAnswer]
        let updated: [LineAnswer]
        let deleted: [String]
        let propagation: Propagation
    }

    struct Created: Encodable, Sendable {
        let template: BudgetTemplate
        let lines: [LineAnswer]
    }

    static func create(_ body: TemplateBodies.Create, userId: String, now: Date, in db: Database) throws -> Created {
        let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM budget_templates WHERE userId = ?", arguments: [userId]) ?? 0
        guard count < maxTemplates else {
            throw APIError.business(code: "ERR_TEMPLATE_LIMIT_EXCEEDED", status: 400, "Template limit of \(maxTemplates) exceeded",
                                    details: ["limit": .number(Decimal(maxTemplates))])
        }
        if body.isDefault { try clearDefault(userId: userId, in: db) }
        let template = BudgetTemplate(id: UUIDText.random(), name: body.name, description: body.description, isDefault: body.isDefault)
        try TemplateStore.insert(template, userId: userId, now: now, in: db)
        return Created(template: template, lines: [])
    }

    /// `{}` is answered 404, as the real use case does (nothing to update reads as « not found »).
    static func update(id: String, _ body: TemplateBodies.Update, userId: String, now: Date, in db: Database) throws -> BudgetTemplate {
        guard var template = try TemplateStore.template(id: id, userId: userId, in: db), !body.isEmpty else {
            throw APIError.templateNotFound(id)
        }
        if body.isDefault == true { try clearDefault(userId: userId, in: db) }
        if let name = body.name { template.name = name }
        if let description = body.description { template.description = description }
        if let isDefault = body.isDefault { template.isDefault = isDefault }
        try db.execute(sql: "UPDATE budget_templates SET name = ?, description = ?, isDefault = ?, updatedAt = ? WHERE id = ?",
                       arguments: [template.name, template.description, template.isDefault ?? false, ColumnCoding.dateText(now), id])
        return template
    }

    static func delete(id: String, userId: String, in db: Database) throws {
        guard try TemplateStore.template(id: id, userId: userId, in: db) != nil else { throw APIError.templateNotFound(id) }
        if try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM budgets WHERE templateId = ?)", arguments: [id]) == true {
            throw APIError.business(code: "ERR_TEMPLATE_IN_USE", status: 400, "Template with ID '\(id)' is in use and cannot be deleted",
                                    details: ["id": .string(id)])
        }
        try db.execute(sql: "DELETE FROM budget_templates WHERE id = ?", arguments: [id])
    }

    static func bulk(templateId: String, _ body: TemplateBodies.Bulk, userId: String, payDay: Int?, today: CalendarDay,
                     now: Date, in db: Database) throws -> BulkAnswer {
        guard try TemplateStore.template(id: templateId, userId: userId, in: db) != nil else { throw APIError.templateNotFound(templateId) }
        var lines = Dictionary(uniqueKeysWithValues: try TemplateStore.lines(templateId: templateId, in: db).map { ($0.id, $0) })
        let named = body.delete + body.update.compactMap(\.id)
        if named.contains(where: { lines[$0] == nil }) {
            throw APIError.business(code: "ERR_TEMPLATE_LINE_NOT_FOUND", status: 404, "Template line not found")
        }
        let current = PayDayCalendar.budgetMonth(for: today, payDay: payDay)
        let budgetIds = body.propagate ? try String.fetchAll(db, sql: """
            SELECT id FROM budgets WHERE templateId = ? AND userId = ? AND (year > ? OR (year = ? AND month >= ?))
            """, arguments: [templateId, userId, current.year, current.year, current.month]) : []
        var affected = Set<String>()
        var updated: [TemplateLine] = []
        for change in body.update {
            guard let id = change.id, var line = lines[id] else { continue }
            if let name = change.name { line.name = name }
            if let amount = change.amount { line.amount = amount }
            if let kind = change.kind { line.kind = kind }
            if let recurrence = change.recurrence { line.recurrence = recurrence }
            try db.execute(sql: "UPDATE template_lines SET name = ?, amount = ?, kind = ?, recurrence = ? WHERE id = ?",
                           arguments: [line.name, ColumnCoding.amountText(line.amount), line.kind.rawValue, line.recurrence.rawValue, id])
            lines[id] = line
            updated.append(line)
            for budgetLine in try linked(to: id, in: budgetIds, db) {
                var next = budgetLine
                if change.name != nil { next.name = line.name }
                if change.amount != nil { next.amount = line.amount }
                if change.kind != nil { next.kind = line.kind }
                if change.recurrence != nil { next.recurrence = line.recurrence }
                next.updatedAt = now
                try BudgetLineStore.update(next, in: db)
                affected.insert(next.budgetId)
            }
        }
        var created: [TemplateLine] = []
        var position = (try Int.fetchOne(db, sql: "SELECT MAX(position) FROM template_lines WHERE templateId = ?",
                                         arguments: [templateId]) ?? -1) + 1
        for new in body.create {
            guard let name = new.name, let amount = new.amount, let kind = new.kind, let recurrence = new.recurrence else { continue }
            let line = TemplateLine(id: UUIDText.random(), templateId: templateId, name: name, amount: amount, kind: kind, recurrence: recurrence)
            try TemplateStore.insert(line, position: position, in: db)
            position += 1
            created.append(line)
            for budgetId in budgetIds {
                let budgetLine = BudgetLine(id: UUIDText.random(), budgetId: budgetId, templateLineId: line.id, savingsGoalId: nil,
                                            name: name, amount: amount, kind: kind, recurrence: recurrence, isManuallyAdjusted: false,
                                            checkedAt: nil, tagIds: [], createdAt: now, updatedAt: now)
                try BudgetLineStore.insert(budgetLine, position: try BudgetLineStore.nextPosition(budgetId: budgetId, in: db), in: db)
                affected.insert(budgetId)
            }
        }
        for id in body.delete {
            for budgetLine in try linked(to: id, in: budgetIds, db) {
                try db.execute(sql: "DELETE FROM budget_lines WHERE id = ?", arguments: [budgetLine.id])
                affected.insert(budgetLine.budgetId)
            }
            try db.execute(sql: "DELETE FROM template_lines WHERE id = ? AND templateId = ?", arguments: [id, templateId])
            // The real foreign key is `ON DELETE SET NULL`: the lines made from it stay, unlinked.
            try db.execute(sql: "UPDATE budget_lines SET templateLineId = NULL WHERE templateLineId = ?", arguments: [id])
        }
        for budgetId in affected { try BudgetLedger.refreshEndingBalance(budgetId: budgetId, now: now, in: db) }
        let stamp = ColumnCoding.dateText(now)
        let answer = { (line: TemplateLine) in
            LineAnswer(id: line.id, templateId: line.templateId, savingsGoalId: nil, name: line.name, amount: line.amount, kind: line.kind,
                       recurrence: line.recurrence.rawValue, description: "", createdAt: stamp, updatedAt: stamp)
        }
        let ordered = budgetIds.filter(affected.contains)
        return BulkAnswer(created: created.map(answer), updated: updated.map(answer), deleted: body.delete,
                          propagation: Propagation(mode: body.propagate ? "propagate" : "template-only",
                                                   affectedBudgetIds: ordered, affectedBudgetsCount: ordered.count))
    }

    /// The lines of `budgetIds` made from template line `id` that the user never adjusted.
    private static func linked(to id: String, in budgetIds: [String], _ db: Database) throws -> [BudgetLine] {
        guard !budgetIds.isEmpty else { return [] }
        return try BudgetLineStore.lines(budgetIds: budgetIds, in: db).values.joined()
            .filter { $0.templateLineId == id && !$0.isManuallyAdjusted }
    }

    private static func clearDefault(userId: String, in db: Database) throws {
        try db.execute(sql: "UPDATE budget_templates SET isDefault = 0 WHERE userId = ?", arguments: [userId])
    }
}
