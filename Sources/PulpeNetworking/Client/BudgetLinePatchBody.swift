import Foundation
import PulpeDomain

/// `budgetLineUpdateSchema`: `id` required, the changed fields, and the manual-adjustment flag.
struct BudgetLinePatchBody: Encodable {
    let id: String
    let changes: BudgetLineChanges

    enum CodingKeys: String, CodingKey { case id, name, amount, kind, recurrence, tagIds, savingsGoalId, isManuallyAdjusted }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encodeIfPresent(changes.name, forKey: .name)
        try c.encodeIfPresent(changes.amount, forKey: .amount)
        try c.encodeIfPresent(changes.kind?.rawValue, forKey: .kind)
        try c.encodeIfPresent(changes.recurrence?.rawValue, forKey: .recurrence)
        try c.encodeIfPresent(changes.tagIds, forKey: .tagIds)
        switch changes.goal {
        case let .linked(id)?: try c.encode(id, forKey: .savingsGoalId)
        case .unlinked?: try c.encodeNil(forKey: .savingsGoalId)
        case nil: break
        }
        try c.encode(true, forKey: .isManuallyAdjusted)
    }
}
