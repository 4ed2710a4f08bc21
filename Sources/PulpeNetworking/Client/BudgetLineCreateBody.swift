import Foundation
import PulpeDomain

/// `budgetLineCreateSchema` as the terminal fills it.
struct BudgetLineCreateBody: Encodable {
    let line: NewBudgetLine
    init(_ line: NewBudgetLine) { self.line = line }

    enum CodingKeys: String, CodingKey { case id, budgetId, name, amount, kind, recurrence, checkedAt, tagIds, savingsGoalId }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(line.id, forKey: .id)
        try c.encode(line.budgetId, forKey: .budgetId)
        try c.encode(line.name, forKey: .name)
        try c.encode(line.amount, forKey: .amount)
        try c.encode(line.kind, forKey: .kind)
        try c.encode(line.recurrence, forKey: .recurrence)
        if let checkedAt = line.checkedAt { try c.encode(PulpeDate.format(checkedAt), forKey: .checkedAt) }
        if let tagIds = line.tagIds, !tagIds.isEmpty { try c.encode(tagIds, forKey: .tagIds) }
        if let goal = line.savingsGoalId { try c.encode(goal, forKey: .savingsGoalId) }
    }
}
