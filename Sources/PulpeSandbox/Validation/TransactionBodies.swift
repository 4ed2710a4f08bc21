import Foundation
import PulpeDomain

/// Strict readers for the transaction bodies (`docs/contract.md` §9). They do the schema part
/// (types, formats, unknown keys → `ERR_ZOD_VALIDATION_FAILED`); the business rules (blank name,
/// amount ceiling, budget and line ownership) are checked by the route afterwards.
enum TransactionBodies {
    static let kinds = TransactionKind.allCases.map(\.rawValue)

    /// `POST /transactions` → a `NewTransaction` with the name trimmed (possibly blank: that is a
    /// business error, `ERR_REQUIRED_DATA_MISSING`).
    static func create(_ object: [String: JSONValue]) throws -> NewTransaction {
        var reader = BodyReader(object, allowedKeys: NewTransaction.allowedKeys)
        let id = reader.uuid("id", required: false)
        let budgetId = reader.uuid("budgetId", required: true)
        let budgetLineId = reader.uuid("budgetLineId", required: false, nullable: true)
        let name = reader.string("name", required: true, trimmed: true, maxLength: TransactionRules.maxNameLength)
        let amount = reader.number("amount", required: true, exclusiveMinimum: 0)
        let kind = reader.option("kind", required: true, options: kinds)
        let transactionDate = reader.timestamp("transactionDate", required: false)
        let checkedAt = reader.timestamp("checkedAt", required: false, nullable: true)
        let tagIds = reader.uuidList("tagIds", required: false, maxCount: TransactionRules.maxTagCount)
        guard reader.issues.isEmpty, let budgetId = budgetId.value, let name = name.value, let amount = amount.value,
              let kind = kind.value.flatMap(TransactionKind.init(rawValue:)) else {
            throw APIError.validation(reader.issues)
        }
        return NewTransaction(id: id.value, budgetId: budgetId, budgetLineId: budgetLineId.value, name: name,
                              amount: amount, kind: kind, transactionDate: transactionDate.value,
                              checkedAt: checkedAt.value, tagIds: tagIds.value)
    }

    /// `PATCH /transactions/:id`: every member optional; `budgetLineId` and `checkedAt` may be `null`.
    struct Patch: Sendable {
        var name: String?
        var amount: Decimal?
        var kind: TransactionKind?
        var transactionDate: Date?
        var tagIds: [String]?
    }

    /// `transactionUpdateSchema` (docs/contract.md §14.1): `budgetLineId` and `checkedAt` are refused
    /// like `id` and `budgetId` — a transaction changes envelope by delete and create, and is
    /// checked by toggle-check.
    static let patchKeys: Set<String> = ["name", "amount", "kind", "transactionDate", "tagIds"]

    static func patch(_ object: [String: JSONValue]) throws -> Patch {
        var reader = BodyReader(object, allowedKeys: patchKeys)
        var patch = Patch()
        patch.name = reader.string("name", required: false, trimmed: true, maxLength: TransactionRules.maxNameLength).value
        patch.amount = reader.number("amount", required: false, exclusiveMinimum: 0).value
        patch.kind = reader.option("kind", required: false, options: kinds).value.flatMap(TransactionKind.init(rawValue:))
        patch.transactionDate = reader.timestamp("transactionDate", required: false).value
        patch.tagIds = reader.uuidList("tagIds", required: false, maxCount: TransactionRules.maxTagCount).value
        guard reader.issues.isEmpty else { throw APIError.validation(reader.issues) }
        return patch
    }
}
