import Foundation
import GRDB
import PulpeDomain

/// The business rules of budget-line writes (`docs/contract.md` §14.3), inside one database
/// transaction after the body passed the schema. Every write that changes an amount or a kind
/// refreshes the budget's stored own result; checks do not (totals do not depend on them).
enum BudgetLineWrites {
    static func create(_ body: BudgetLineBodies.Create, userId: String, now: Date, in db: Database) throws -> BudgetLine {
        try checkName(body.name)
        guard try BudgetStore.budget(id: body.budgetId, userId: userId, in: db) != nil else {
            // As the real server: a deleted budget fails the insert, 500, not 404 (contract §14.3).
            throw APIError.budgetLineCreateFailed
        }
        // A goal link lives on a saving line only: on another kind it is dropped (`savingsGoalIdForKind`).
        let goal = body.kind == .saving ? body.savingsGoalId : nil
        let line = BudgetLine(id: body.id ?? UUIDText.random(), budgetId: body.budgetId, templateLineId: body.templateLineId,
                              savingsGoalId: goal, name: body.name, amount: body.amount, kind: body.kind,
                              recurrence: body.recurrence, isManuallyAdjusted: body.isManuallyAdjusted,
                              checkedAt: body.checkedAt, tagIds: body.tagIds, createdAt: now, updatedAt: now)
        if try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM budget_lines WHERE id = ?)", arguments: [line.id]) == true {
            throw APIError.business(code: "ERR_BUDGET_LINE_ALREADY_EXISTS", status: 409,
                                    "Budget line with ID '\(line.id)' already exists", details: ["id": .string(line.id)])
        }
        try BudgetLineStore.insert(line, position: try BudgetLineStore.nextPosition(budgetId: line.budgetId, in: db), in: db)
        try TagWrites.requireOwned(body.tagIds, userId: userId, in: db)
        try SavingsGoalStore.requireOwned(goal, userId: userId, in: db)
        try BudgetLedger.refreshEndingBalance(budgetId: line.budgetId, now: now, in: db)
        return line
    }

    static func update(id: String, patch: BudgetLineBodies.Patch, userId: String, now: Date, in db: Database) throws -> BudgetLine {
        guard var line = try BudgetLineStore.line(id: id, userId: userId, in: db) else { throw APIError.budgetLineNotFound(id) }
        if let name = patch.name { line.name = name }
        if let amount = patch.amount { line.amount = amount }
        if let kind = patch.kind { line.kind = kind }
        if let recurrence = patch.recurrence { line.recurrence = recurrence }
        switch patch.templateLineId {
        case .absent: break
        case .null: line.templateLineId = nil
        case .value(let templateLineId): line.templateLineId = templateLineId
        }
        if let tags = patch.tagIds {
            try TagWrites.requireOwned(tags, userId: userId, in: db)
            line.tagIds = tags
        }
        // `savingsGoalIdPatchForKind`: a kind moved off saving clears the link; a link is set on a
        // saving line only (else it is cleared too); null clears it whatever the kind.
        if let kind = patch.kind, kind != .saving {
            line.savingsGoalId = nil
        } else {
            switch patch.savingsGoalId {
            case .absent: break
            case .null: line.savingsGoalId = nil
            case .value(let goal):
                if line.kind == .saving {
                    try SavingsGoalStore.requireOwned(goal, userId: userId, in: db)
                    line.savingsGoalId = goal.lowercased()
                } else {
                    line.savingsGoalId = nil
                }
            }
        }
        line.isManuallyAdjusted = patch.isManuallyAdjusted
        try checkName(line.name)
        line.updatedAt = now
        try BudgetLineStore.update(line, in: db)
        try BudgetLedger.refreshEndingBalance(budgetId: line.budgetId, now: now, in: db)
        return line
    }

    /// Deleted; already gone (or not the caller's) is a success too. Its transactions stay, free
    /// (the foreign key's `ON DELETE SET NULL`).
    static func delete(id: String, userId: String, now: Date, in db: Database) throws {
        guard let line = try BudgetLineStore.line(id: id, userId: userId, in: db) else { return }
        try db.execute(sql: "DELETE FROM budget_lines WHERE id = ?", arguments: [id])
        try BudgetLedger.refreshEndingBalance(budgetId: line.budgetId, now: now, in: db)
    }

    /// Flips the line's `checkedAt` only.
    static func toggleCheck(id: String, userId: String, now: Date, in db: Database) throws -> BudgetLine {
        guard var line = try BudgetLineStore.line(id: id, userId: userId, in: db) else { throw APIError.budgetLineNotFound(id) }
        line.checkedAt = line.checkedAt == nil ? now : nil
        line.updatedAt = now
        try BudgetLineStore.update(line, in: db)
        return line
    }

    /// Checks the line's unchecked transactions (never unchecks, never touches the line) and
    /// answers those it checked: a replay answers `[]`.
    static func checkTransactions(id: String, userId: String, now: Date, in db: Database) throws -> [Transaction] {
        guard let line = try BudgetLineStore.line(id: id, userId: userId, in: db) else { throw APIError.budgetLineNotFound(id) }
        var checked: [Transaction] = []
        for var transaction in try TransactionStore.transactions(budgetId: line.budgetId, in: db)
        where transaction.budgetLineId == id && transaction.checkedAt == nil {
            transaction.checkedAt = now
            transaction.updatedAt = now
            try TransactionStore.update(transaction, in: db)
            checked.append(transaction)
        }
        return checked
    }

    /// Name, amount, kind and recurrence back from its template line, `isManuallyAdjusted: false`;
    /// `checkedAt` and tags kept. No template link → 400; the template line unreadable → 404.
    static func resetFromTemplate(id: String, userId: String, now: Date, in db: Database) throws -> BudgetLine {
        guard var line = try BudgetLineStore.line(id: id, userId: userId, in: db) else { throw APIError.budgetLineNotFound(id) }
        guard let templateLineId = line.templateLineId else {
            throw APIError.business(code: "ERR_BUDGET_LINE_VALIDATION_FAILED", status: 400,
                                    "Budget line validation failed: no template line to reset from")
        }
        guard let templateLine = try TemplateStore.line(id: templateLineId, userId: userId, in: db) else {
            throw APIError.business(code: "ERR_TEMPLATE_LINE_NOT_FOUND", status: 404,
                                    "Template line with ID '\(templateLineId)' not found", details: ["id": .string(templateLineId)])
        }
        line.name = templateLine.name
        line.amount = templateLine.amount
        line.kind = templateLine.kind
        line.recurrence = templateLine.recurrence
        line.isManuallyAdjusted = false
        line.updatedAt = now
        try BudgetLineStore.update(line, in: db)
        try BudgetLedger.refreshEndingBalance(budgetId: line.budgetId, now: now, in: db)
        return line
    }

    private static func checkName(_ name: String) throws {
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw APIError.requiredDataMissing(["name"]) }
    }
}
