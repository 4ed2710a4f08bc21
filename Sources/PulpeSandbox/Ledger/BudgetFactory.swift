import Foundation
import GRDB
import PulpeDomain

/// Creates a budget from a template: the budget, then one line per template line, then its
/// stored own result — all in the caller's transaction, so a failure leaves nothing behind.
enum BudgetFactory {
    static func create(_ body: NewBudget, userId: String, now: Date, in db: Database) throws -> Budget {
        guard try TemplateStore.template(id: body.templateId, userId: userId, in: db) != nil else {
            throw APIError.templateNotFound(body.templateId)
        }
        guard try !BudgetStore.exists(userId: userId, year: body.year, month: body.month, in: db) else {
            throw APIError.budgetAlreadyExists(month: body.month, year: body.year)
        }
        var budget = Budget(id: UUIDText.random(), createdAt: now, updatedAt: now, userId: userId, templateId: body.templateId,
                            month: body.month, year: body.year, description: body.description ?? "", endingBalance: 0)
        try BudgetStore.insert(budget, in: db)
        for (position, templateLine) in try TemplateStore.lines(templateId: body.templateId, in: db).enumerated() {
            let line = BudgetLine(id: UUIDText.random(), budgetId: budget.id, templateLineId: templateLine.id,
                                  name: templateLine.name, amount: templateLine.amount, kind: templateLine.kind,
                                  recurrence: templateLine.recurrence, createdAt: now, updatedAt: now)
            try BudgetLineStore.insert(line, position: position, in: db)
        }
        try BudgetLedger.refreshEndingBalance(budgetId: budget.id, now: now, in: db)
        budget.endingBalance = try BudgetStore.budget(id: budget.id, userId: userId, in: db)?.endingBalance
        return budget
    }
}
