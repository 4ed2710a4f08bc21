import Foundation
import PulpeDomain

/// Strict readers for the budget-line bodies (`docs/contract.md` §14.3, `budgetLineCreateSchema`
/// and its update schema): types, formats and unknown keys → `ERR_ZOD_VALIDATION_FAILED`; the
/// business rules (blank name, ownership) are the writes'.
enum BudgetLineBodies {
    static let recurrences = ["fixed", "one_off"]

    struct Create: Sendable {
        var id: String?
        var budgetId: String
        var name: String
        var amount: Decimal
        var kind: TransactionKind
        var recurrence: Recurrence
        var templateLineId: String?
        var savingsGoalId: String?
        var tagIds: [String]
        var isManuallyAdjusted: Bool
        var checkedAt: Date?
    }

    /// The members a PATCH sets; `isManuallyAdjusted` left out is written `false` (a Zod default
    /// the backend applies: clients send `true` on a user's edit).
    struct Patch: Sendable {
        var name: String?
        var amount: Decimal?
        var kind: TransactionKind?
        var recurrence: Recurrence?
        var templateLineId: Field<String> = .absent
        var savingsGoalId: Field<String> = .absent
        var tagIds: [String]?
        var isManuallyAdjusted = false
    }

    static let createKeys: Set<String> = ["id", "budgetId", "name", "amount", "kind", "recurrence", "templateLineId",
                                          "savingsGoalId", "tagIds", "isManuallyAdjusted", "checkedAt"]
    /// `id` is required (and ignored); `budgetId`, `checkedAt`, `sourceSavingsGoalId` are refused.
    static let patchKeys: Set<String> = ["id", "name", "amount", "kind", "recurrence", "templateLineId", "savingsGoalId",
                                         "tagIds", "isManuallyAdjusted"]

    static func create(_ object: [String: JSONValue]) throws -> Create {
        var reader = BodyReader(object, allowedKeys: createKeys)
        let id = reader.uuid("id", required: false)
        let budgetId = reader.uuid("budgetId", required: true)
        let name = reader.string("name", required: true, trimmed: true, maxLength: TransactionRules.maxNameLength)
        let amount = reader.number("amount", required: true, exclusiveMinimum: 0)
        let kind = reader.option("kind", required: true, options: TransactionBodies.kinds)
        let recurrence = reader.option("recurrence", required: true, options: recurrences)
        let templateLineId = reader.uuid("templateLineId", required: false, nullable: true)
        let savingsGoalId = reader.uuid("savingsGoalId", required: false, nullable: true)
        let tagIds = reader.uuidList("tagIds", required: false, maxCount: TransactionRules.maxTagCount)
        let adjusted = reader.bool("isManuallyAdjusted", required: false)
        let checkedAt = reader.timestamp("checkedAt", required: false, nullable: true)
        guard reader.issues.isEmpty, let budgetId = budgetId.value, let name = name.value, let amount = amount.value,
              let kind = kind.value.flatMap(TransactionKind.init(rawValue:)), let recurrence = recurrence.value else {
            throw APIError.validation(reader.issues)
        }
        return Create(id: id.value, budgetId: budgetId, name: name, amount: amount, kind: kind,
                      recurrence: Recurrence(rawValue: recurrence), templateLineId: templateLineId.value,
                      savingsGoalId: savingsGoalId.value, tagIds: tagIds.value ?? [], isManuallyAdjusted: adjusted.value ?? false,
                      checkedAt: checkedAt.value)
    }

    static func patch(_ object: [String: JSONValue]) throws -> Patch {
        var reader = BodyReader(object, allowedKeys: patchKeys)
        _ = reader.string("id", required: true)
        var patch = Patch()
        patch.name = reader.string("name", required: false, trimmed: true, maxLength: TransactionRules.maxNameLength).value
        patch.amount = reader.number("amount", required: false, exclusiveMinimum: 0).value
        patch.kind = reader.option("kind", required: false, options: TransactionBodies.kinds).value.flatMap(TransactionKind.init(rawValue:))
        patch.recurrence = reader.option("recurrence", required: false, options: recurrences).value.map(Recurrence.init(rawValue:))
        patch.templateLineId = reader.uuid("templateLineId", required: false, nullable: true)
        patch.savingsGoalId = reader.uuid("savingsGoalId", required: false, nullable: true)
        patch.tagIds = reader.uuidList("tagIds", required: false, maxCount: TransactionRules.maxTagCount).value
        patch.isManuallyAdjusted = reader.bool("isManuallyAdjusted", required: false).value ?? false
        guard reader.issues.isEmpty else { throw APIError.validation(reader.issues) }
        return patch
    }
}
