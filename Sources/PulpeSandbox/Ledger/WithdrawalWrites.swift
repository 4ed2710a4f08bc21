import Foundation
import GRDB
import PulpeDomain

/// « Piocher dans son épargne » (contract §16.4, `budgetLineSavingsWithdrawalCreateSchema`): one
/// write makes the pair — a one-off income of `amount` in the month of `budgetId` and a one-off
/// saving of the same amount in the next calendar month, its budget made from the default template
/// if missing (none: 422, nothing made). `groupId` is an idempotency key: a replay answers the pair
/// made the first time. A delete takes the pair or the repayment only.
enum WithdrawalWrites {
    struct Body: Sendable {
        var budgetId: String
        var amount: Decimal
        var incomeName: String
        var savingName: String
        var groupId: String?
    }

    struct Answer: Encodable, Sendable {
        let groupId: String
        let incomeLine: BudgetLine
        let savingLine: BudgetLine
        let createdBudget: Budget?
    }

    static func create(_ body: Body, userId: String, now: Date, in db: Database) throws -> Answer {
        if let groupId = body.groupId {
            let made = try BudgetLineStore.lines(withdrawalGroupId: groupId, userId: userId, in: db)
            if let income = made.first(where: { $0.kind == .income }), let saving = made.first(where: { $0.kind == .saving }) {
                return Answer(groupId: groupId, incomeLine: income, savingLine: saving, createdBudget: nil)
            }
            // Half a pair under this key (its repayment deleted meanwhile): the real unique index refuses.
            if !made.isEmpty {
                throw APIError.business(code: "ERR_SAVINGS_WITHDRAWAL_CONFLICT", status: 409, "The withdrawal group \(groupId) exists already")
            }
        }
        guard let budget = try BudgetStore.budget(id: body.budgetId, userId: userId, in: db) else { throw APIError.budgetNotFound(body.budgetId) }
        let next = BudgetMonth(year: budget.year, month: budget.month).next
        var created: Budget?
        var nextBudget = try BudgetStore.budgets(userId: userId, in: db).first { $0.year == next.year && $0.month == next.month }
        if nextBudget == nil {
            guard let template = try TemplateStore.templates(userId: userId, in: db).first(where: { $0.isDefault == true }) else {
                throw APIError.business(code: "ERR_SAVINGS_WITHDRAWAL_MONTH_UNPROVISIONABLE", status: 422,
                                        "No default template to create the budget of \(next) — nothing created")
            }
            created = try BudgetFactory.create(NewBudget(month: next.month, year: next.year, templateId: template.id), userId: userId,
                                               now: now, in: db)
            nextBudget = created
        }
        guard let nextBudget else { throw APIError.budgetNotFound(body.budgetId) }
        let groupId = body.groupId ?? UUIDText.random()
        func line(_ name: String, _ kind: TransactionKind, in budgetId: String) throws -> BudgetLine {
            let line = BudgetLine(id: UUIDText.random(), budgetId: budgetId, name: name, amount: body.amount, kind: kind, recurrence: .oneOff,
                                  isManuallyAdjusted: false, createdAt: now, updatedAt: now, savingsWithdrawalGroupId: groupId)
            try BudgetLineStore.insert(line, position: try BudgetLineStore.nextPosition(budgetId: budgetId, in: db), in: db)
            try BudgetLedger.refreshEndingBalance(budgetId: budgetId, now: now, in: db)
            return line
        }
        let income = try line(body.incomeName, .income, in: budget.id)
        let saving = try line(body.savingName, .saving, in: nextBudget.id)
        return Answer(groupId: groupId, incomeLine: income, savingLine: saving, createdBudget: created)
    }

    /// `pair`: both lines go; `repayment`: the saving of M+1 only. An unknown group is 404.
    static func delete(groupId: String, repaymentOnly: Bool, userId: String, now: Date, in db: Database) throws {
        let lines = try BudgetLineStore.lines(withdrawalGroupId: groupId, userId: userId, in: db)
        guard !lines.isEmpty else {
            throw APIError.business(code: "ERR_SAVINGS_WITHDRAWAL_GROUP_NOT_FOUND", status: 404, "Savings withdrawal group \(groupId) not found")
        }
        for line in lines where !repaymentOnly || line.kind == .saving {
            try BudgetLineWrites.delete(id: line.id, userId: userId, now: now, in: db)
        }
    }
}
